export * from './host';
export * from './profiles';
export * from './replay';
export * from './snapshot';
export * from './digest';
