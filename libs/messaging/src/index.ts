export * from './connection';
export * from './event-store';
export * from './repository';
export * from './rpc';
export * from './consumers';
export * from './idempotency';
export * from './stream-identity';
export * from './stream-copies';
