export * from './workspace';
export * from './entity-type';
export * from './entity';
export * from './url-claim';
export * from './link';
export * from './batch-job';
export * from './catalog';
export * from './catalog-digest';
