export * from './runtime';
export * from './concurrency';
export * from './worker-thread';
export * from './own-entries';
export * from './embedding-client';
export * from './priority';
