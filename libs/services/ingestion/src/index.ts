export * from './ingestion-service';
export * from './prepare';
