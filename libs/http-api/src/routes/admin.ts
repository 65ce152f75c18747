import { CreateWorkspaceBody, CreateWorkspaceResponse, OP, WorkspaceListResponse } from '@tg/contracts';
import type { RouteContext } from '../context';
import { errors } from './common';

export function registerAdminRoutes({ app, call }: RouteContext): void {
  app.post(
    '/admin/workspaces',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['admin'],
        summary: 'Create a workspace and its first workspace key (account secret only)',
        body: CreateWorkspaceBody,
        response: { 200: CreateWorkspaceResponse, ...errors(400, 401, 403, 413) },
      },
    },
    async (req) => call(req, OP.admin.createWorkspace, req.body, { ws: '_account' }),
  );
  app.get(
    '/admin/workspaces',
    {
      config: { auth: 'account' },
      schema: { tags: ['admin'], summary: 'List the workspaces of the account (account secret only)', response: { 200: WorkspaceListResponse, ...errors(401, 403) } },
    },
    async (req) => call(req, OP.admin.listWorkspaces, {}, { ws: '_account' }),
  );
}
