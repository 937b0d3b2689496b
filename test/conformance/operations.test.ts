import { sqliteService } from './helpers/suite-service.ts';
import { operationsSuite } from './operations-suite.ts';

operationsSuite('server/', sqliteService);
