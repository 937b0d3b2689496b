// `npm start`: LaneTerm in training mode. Brings up the local Payment Transaction Service with the
// demo merchant (TLS on 8665 and plain TCP on 8333, both on 127.0.0.1); the lane UI is not built yet.
import { join } from 'node:path';
import {
  SERVER_USAGE,
  defaultDataDirectory,
  describeServer,
  parseServerArgs,
  startServer,
  stopOnSignals,
} from '../server/index.ts';

/** Plain port of training mode: 8333, the IP-mode (unencrypted) port of libmonetra's tests. */
const TRAINING_PLAIN_PORT = 8333;

async function main(): Promise<void> {
  const args = parseServerArgs(process.argv.slice(2));
  if ('help' in args) {
    console.log(SERVER_USAGE);
    return;
  }
  if ('error' in args) {
    console.error(`${args.error}\n\n${SERVER_USAGE}`);
    process.exitCode = 2;
    return;
  }
  const server = await startServer({
    host: '127.0.0.1',
    plainPort: TRAINING_PLAIN_PORT,
    dataDir: join(defaultDataDirectory(), 'training'),
    ...args.options,
    demo: true,
  });
  stopOnSignals(server, (line) => console.log(line));
  console.log('LaneTerm training mode: the lane UI is not built yet; the local service is up.');
  for (const line of describeServer(server)) console.log(line);
}

main().catch((error: unknown) => {
  console.error(`cannot start training mode: ${(error as Error).message}`);
  process.exitCode = 1;
});
