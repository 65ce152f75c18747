export * from './start';
export * from './run-service';
