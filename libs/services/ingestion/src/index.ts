export * from './ingestion-service';
export * from './ingest/prepare';
