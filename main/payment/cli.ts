// `npm run -s pay`: one request to any compatible payment service, its outcome printed as JSON.
import { REPORT_OPERATIONS } from '../../protocol/index.ts';
import { PAY_USAGE, parsePayArgs, type PayCommand } from './cli-options.ts';
import {
  PAY_EXIT,
  errorOutput,
  resolutionOutput,
  resultOutput,
  type PayOutput,
} from './cli-output.ts';
import { PaymentError } from './errors.ts';
import { PaymentClient } from './payment-client.ts';

async function execute(command: PayCommand): Promise<PayOutput> {
  const client = new PaymentClient(command.config);
  try {
    const { operation, orderId, params, call } = command;
    if (operation === 'resolve') {
      const id = orderId ?? '';
      return resolutionOutput(id, await client.resolve(id, call));
    }
    if (REPORT_OPERATIONS.has(operation))
      return resultOutput(await client.report(operation, params, call));
    return resultOutput(await client.run(operation, params, call));
  } finally {
    await client.close();
  }
}

async function main(argv: string[]): Promise<number> {
  let command;
  try {
    command = parsePayArgs(argv);
  } catch (error) {
    console.error(`pay: ${(error as Error).message}\n\n${PAY_USAGE}`);
    return PAY_EXIT.usage;
  }
  if (command === 'help') {
    console.log(PAY_USAGE);
    return 0;
  }
  let output: PayOutput;
  try {
    output = await execute(command);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    output = errorOutput(error);
    console.error(`pay: ${error.message}`);
  }
  console.log(JSON.stringify(output.json, null, 2));
  return output.exitCode;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`pay: ${(error as Error).message}`);
    process.exitCode = PAY_EXIT.error;
  },
);
