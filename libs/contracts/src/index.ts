export * from './errors';
export * from './vocab';
export * from './keys';
export * from './ids';
export * from './http';
export * from './events';
export * from './rpc';
export * from './event-codec';
