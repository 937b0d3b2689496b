import { describe } from 'vitest';
import {
  skipWithoutPostgres,
  startPostgresCluster,
  type PostgresCluster,
} from '../server/helpers/postgres-cluster.ts';
import { startServiceProcess, stopServiceProcess } from './helpers/service-process.ts';
import { operationsSuite } from './operations-suite.ts';

let cluster: PostgresCluster | undefined;

/** The whole conformance suite over all three transports, the service on --store postgres://…. */
describe.skipIf(skipWithoutPostgres('conformance on PostgreSQL'))('on PostgreSQL', () => {
  operationsSuite('server/ --store postgres://…', {
    start: async () => {
      cluster = await startPostgresCluster();
      return startServiceProcess(undefined, ['--store', await cluster.createDatabase()]);
    },
    stop: async (service) => {
      await stopServiceProcess(service);
      await cluster?.stop();
    },
  });
});
