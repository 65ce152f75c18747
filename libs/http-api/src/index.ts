export * from './app';
export * from './errors';
export * from './auth';
