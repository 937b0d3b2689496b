import { checksSuite } from './checks-suite.ts';
import { sqliteService } from './helpers/suite-service.ts';

checksSuite('server/', sqliteService);
