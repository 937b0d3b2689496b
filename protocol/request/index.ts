// Request normalisation: JSON bodies and key/value pairs to one flat set of string pairs.
export { flattenJsonBody } from './flatten-json.ts';
export { pairsToParams, type PairsOptions } from './pairs.ts';
export { ParamsCollector } from './params-collector.ts';
