export * from './visual-graph';
export * from './visualize-service';
