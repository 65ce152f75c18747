export * from './language-service';
