import { describe } from 'vitest';
import { skipWithoutPostgres } from '../server/helpers/postgres-cluster.ts';
import { postgresService } from './helpers/suite-service.ts';
import { operationsSuite } from './operations-suite.ts';

/** The whole conformance suite over all three transports, the service on --store postgres://…. */
describe.skipIf(skipWithoutPostgres('conformance on PostgreSQL'))('on PostgreSQL', () => {
  operationsSuite('server/ --store postgres://…', postgresService());
});
