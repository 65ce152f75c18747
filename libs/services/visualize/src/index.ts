export * from './graph';
export * from './graph-service';
