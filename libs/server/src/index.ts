export * from './start';
export * from './secrets';
export * from './run-service';
