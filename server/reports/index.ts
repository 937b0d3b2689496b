// Reports: failed, unsettled and settled transactions, and batches, as rows with stable columns.
export * from './report-filters.ts';
export * from './transaction-report.ts';
export * from './batch-report.ts';
