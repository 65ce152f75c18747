import { Type } from 'typebox';
import { ClusterQuery, ClustersQuery, OP } from '@tg/contracts';
import type { RouteContext } from '../context';
import { AnyObject, errors } from './common';

export function registerTasteRoutes({ app, call }: RouteContext): void {
  app.get(
    '/clusters',
    {
      config: { auth: 'workspace' },
      schema: {
        tags: ['taste'],
        summary: 'Taste clusters of the workspace, most popular first (empty on a new workspace)',
        querystring: ClustersQuery,
        response: { 200: Type.Object({ results: Type.Array(AnyObject), total: Type.Optional(Type.Integer()) }), ...errors(400, 401, 403) },
      },
    },
    async (req) => call(req, OP.taste.clusters, req.query),
  );
  app.get(
    '/cluster',
    {
      config: { auth: 'workspace' },
      schema: { tags: ['taste'], summary: 'One cluster with its entities', querystring: ClusterQuery, response: { 200: AnyObject, ...errors(400, 401, 403, 404) } },
    },
    async (req) => call(req, OP.taste.cluster, req.query),
  );
}
