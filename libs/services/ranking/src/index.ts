export * from './ranking-service';
