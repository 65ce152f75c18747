export * from './taste-service';
export * from './compose/compose';
export * from './clusters/compute';
export * from './clusters/fit-thread';
