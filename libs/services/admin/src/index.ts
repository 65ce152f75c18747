export * from './keys/keys';
export * from './admin-service';
export * from './keys/account-secret';
export * from './visualize-tokens/token-signer';
