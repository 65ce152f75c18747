export * from './ingestion-service';
export * from './ingest/prepare';
export * from './ingest/ingest-items';
