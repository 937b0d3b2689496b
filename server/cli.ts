// `npm run server`: starts the Payment Transaction Service, or runs an admin command.
import { runAdmin } from './admin/admin-runner.ts';
import { SERVER_USAGE, parseServerArgs } from './config/cli-options.ts';
import { startServer } from './payment-server.ts';
import { describeServer, reloadOnHangup, stopOnSignals } from './startup-report.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(argv: string[]): Promise<number | undefined> {
  if (argv[0] === 'admin') {
    const io = {
      out: (line: string) => console.log(line),
      err: (line: string) => console.error(line),
      readStdin,
    };
    return runAdmin(argv.slice(1), io);
  }
  const args = parseServerArgs(argv);
  if ('help' in args) {
    console.log(SERVER_USAGE);
    return 0;
  }
  if ('error' in args) {
    console.error(`${args.error}\n\n${SERVER_USAGE}`);
    return 2;
  }
  const server = await startServer(args.options);
  stopOnSignals(server, (line) => console.log(line));
  reloadOnHangup(server, (line) => console.log(line));
  for (const line of describeServer(server)) console.log(line);
  return undefined;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`cannot start: ${(error as Error).message}`);
    process.exitCode = 1;
  },
);
