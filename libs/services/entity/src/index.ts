export * from './entity-service';
export * from './views';
