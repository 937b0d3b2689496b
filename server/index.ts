// The Payment Transaction Service as the lane starts it in training mode (main/ imports only this).
export { startServer, type RunningServer } from './payment-server.ts';
export { DEMO_MERCHANT } from './accounts/demo-merchant.ts';
export type { ServerInput, ServerOptions, ServiceLimits } from './config/server-options.ts';
export { defaultDataDirectory } from './config/data-directory.ts';
export { describeServer, stopOnSignals } from './startup-report.ts';
export { SERVER_USAGE, parseServerArgs } from './config/cli-options.ts';
