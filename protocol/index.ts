// The Payment Transaction Service Interface as code: the one import for server/ and main/.
export * from './versions.ts';
export * from './operations.ts';
export * from './params.ts';
export * from './codes.ts';
export * from './errors.ts';
export * from './kv/index.ts';
export * from './response/index.ts';
export * from './routes/index.ts';
export * from './catalogue/index.ts';
export * from './request/index.ts';
export * from './rules/index.ts';
export * from './transactions/index.ts';
export * from './receipts/index.ts';
