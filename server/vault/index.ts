// Card data at rest: the vault key file and AES-256-GCM sealing.
export * from './vault-key.ts';
export * from './card-vault.ts';
