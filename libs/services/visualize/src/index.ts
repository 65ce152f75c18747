export * from './graph/visual-graph';
export * from './visualize-service';
