export * from './entity-service';
export { resolveEntity } from './entity-deps';
export * from './read/views';
