// Card data at rest: AES-256-GCM sealing, the data key wrapped by a key-encrypting key kept outside
// the data directory, and its rotation.
export * from './vault-key-error.ts';
export * from './kek-custody.ts';
export * from './vault-key.ts';
export * from './vault-rotation.ts';
export * from './card-vault.ts';
export * from './shared-vault.ts';
