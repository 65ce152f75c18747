export * from './port';
export * from './in-process';
export * from './qdrant';
