import { describe } from 'vitest';
import { skipWithoutPostgres } from '../server/helpers/postgres-cluster.ts';
import { checksSuite } from './checks-suite.ts';
import { postgresService } from './helpers/suite-service.ts';

/** The check payments suite over all three transports, the service on --store postgres://…. */
describe.skipIf(skipWithoutPostgres('check conformance on PostgreSQL'))('on PostgreSQL', () => {
  checksSuite('server/ --store postgres://…', postgresService());
});
