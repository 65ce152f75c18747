export * from './port';
export * from './in-process';
export * from './graph-thread';
export * from './qdrant';
export * from './column-file';
export * from './pack';
export * from './digest';
