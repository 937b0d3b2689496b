// Addressing: the REST route table and the key/value action map, shared by server and client.
export * from './rest-routes.ts';
export * from './rest-addressing.ts';
export * from './kv-actions.ts';
