import { startServiceProcess, stopServiceProcess } from './helpers/service-process.ts';
import { operationsSuite } from './operations-suite.ts';

operationsSuite('server/', { start: () => startServiceProcess(), stop: stopServiceProcess });
