// The response model: outcomes, the report rule, HTTP statuses and code texts.
export * from './outcome.ts';
export * from './report.ts';
export * from './http-status.ts';
export * from './verbiage.ts';
export * from './txnstatus.ts';
