// Request normalisation: JSON bodies and key/value pairs to one flat set of string pairs.
export { flattenJsonBody, pairsToParams, type PairsOptions } from './normalise.ts';
export { foldLegacyValues } from './legacy-values.ts';
export { refuseDuplicateJsonKeys } from './json-keys.ts';
