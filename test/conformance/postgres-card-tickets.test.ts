import { describe } from 'vitest';
import { skipWithoutPostgres } from '../server/helpers/postgres-cluster.ts';
import { cardTicketsSuite } from './card-tickets-suite.ts';
import { postgresService } from './helpers/suite-service.ts';

/** The hosted card-entry suite over all three transports, the service on --store postgres://…. */
describe.skipIf(skipWithoutPostgres('card-entry conformance on PostgreSQL'))(
  'on PostgreSQL',
  () => {
    cardTicketsSuite('server/ --store postgres://…', postgresService());
  },
);
