// Entry of the profile worker thread: registers the TypeScript loader the app runs with (tsx), then loads the
// worker. A worker does not inherit the parent's loader hooks on Node 20.
import { register } from 'tsx/esm/api';

register();
await import('./profile-worker.ts');
