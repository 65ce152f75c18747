export * from './keys';
export * from './admin-service';
export * from './account-secret';
