import type { RouteContext } from '../app';

/** Visualize routes are added by the visualize work (token-gated graph and page). */
export function registerVisualizeRoutes(_ctx: RouteContext): void {}
