export * from '@tg/test-stack/nats';
export * from './stack';
export * from './managed-process';
export * from './nats-topology';
export * from './process-stack';
export * from './crash-load';
export * from './crash-round';

export * from './replicas';
export * from './wire';
