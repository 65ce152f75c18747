export * from './embedding-service';
