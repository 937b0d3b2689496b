import { cardTicketsSuite } from './card-tickets-suite.ts';
import { sqliteService } from './helpers/suite-service.ts';

cardTicketsSuite('server/', sqliteService);
