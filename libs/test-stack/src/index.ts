export * from './stack';
export * from './replicas';
