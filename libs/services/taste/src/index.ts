export * from './taste-service';
export * from './clusters';
export * from './fit-thread';
