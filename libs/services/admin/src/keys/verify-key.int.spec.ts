import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@tg/config';
import { AdminProjection } from '@tg/domain';
import { EventStore, StreamCursor, connectNats } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { createRuntime, type Runtime } from '@tg/service-runtime';
import type { AdminDeps } from '../admin-deps';
import { startNats } from '@tg/test-stack/nats';
import { createWorkspaceHandler, workspaceExistsHandler } from '../workspaces/workspaces';
import { TokenSigner } from '../visualize-tokens/token-signer';
import { verifyKeyHandler } from './verify-key';

/** An admin instance's parts over a real nats-server, its projection fed by hand (`feed`), cleaned up after `test`. */
async function withAdmin(test: (a: { rt: Runtime; ctx: unknown; deps: () => AdminDeps; feed: (d: AdminDeps, workspaceId: string) => Promise<void> }) => Promise<void>): Promise<void> {
  const nats = await startNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'tg-verify-key-'));
  const nc = await connectNats(nats.url, 'admin');
  try {
    const log = createLogger('admin', 'silent');
    const rt = await createRuntime(loadConfig({}, { natsUrl: nats.url, dataDir, logLevel: 'silent' }), nc, log);
    const deps = (): AdminDeps => ({ rt, projection: new AdminProjection(), cursor: new StreamCursor(), accountHash: 'not-this', signer: new TokenSigner('s'), creationSecret: 'creation' });
    /** What the instance's feed does: the workspace's events into its projection, and its position. */
    const feed = async (d: AdminDeps, workspaceId: string) => {
      for (const e of (await rt.store.readSubject(EventStore.subject('_account', 'workspace', workspaceId))).events) {
        d.projection.apply(e);
        d.cursor.advance(e.seq);
      }
    };
    await test({ rt, ctx: { requestId: 'r1', log }, deps, feed });
  } finally {
    await nc.close();
    await nats.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('admin verify-key on an instance whose projection has not yet read the key', () => {
  it('looks again once it has read the account events the stream holds, instead of answering "unknown key"', async () => {
    await withAdmin(async ({ ctx, deps, feed }) => {
      // This instance's projection is fed by hand below: it stands for an instance (behind another gateway, on
      // another node of a cluster) whose feed delivers the new workspace after the request naming its key arrives.
      const d = deps();
      const made = await createWorkspaceHandler(d)({ ws: '_account', data: { name: 'Fresh' } } as never, ctx as never);
      const key = made.data.workspace_api_key;
      const verified = verifyKeyHandler(d)({ ws: '_account', data: { key } } as never, ctx as never);
      // The feed catches up a moment later.
      setImmediate(() => void feed(d, made.data.public_id));
      expect((await verified).data).toEqual({ kind: 'workspace', workspace: made.data.public_id });
      // A key nobody issued is still unknown (and answered without waiting for anything new).
      expect((await verifyKeyHandler(d)({ ws: '_account', data: { key: `${key.slice(0, -4)}zzzz` } } as never, ctx as never)).data).toBeNull();
      // The same for "does this workspace exist" (an account key naming the new workspace in its header).
      const late = deps();
      const exists = workspaceExistsHandler(late)({ ws: '_account', data: { workspace_id: made.data.public_id } } as never, ctx as never);
      setImmediate(() => void feed(late, made.data.public_id));
      expect((await exists).data).toEqual({ exists: true });
      expect((await workspaceExistsHandler(late)({ ws: '_account', data: { workspace_id: 'ws_nobody' } } as never, ctx as never)).data).toEqual({ exists: false });
    });
  });
  it('asks the stream for the account\'s end once for many unknown keys at once (a flood of made-up keys costs the server one scan at a time)', async () => {
    await withAdmin(async ({ rt, ctx, deps, feed }) => {
      const d = deps();
      const made = await createWorkspaceHandler(d)({ ws: '_account', data: { name: 'Known' } } as never, ctx as never);
      // A projection that has read it all.
      await feed(d, made.data.public_id);
      let asked = 0;
      const lastSubjectSeq = rt.store.lastSubjectSeq.bind(rt.store);
      rt.store.lastSubjectSeq = (subject: string) => {
        if (subject.includes('*')) asked++;
        return lastSubjectSeq(subject);
      };
      // 40 made-up keys at once: each unknown, each needing the account's end.
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => verifyKeyHandler(d)({ ws: '_account', data: { key: `tg_wsk_madeup${i}` } } as never, ctx as never)));
      expect(answers.map((a) => a.data)).toEqual(Array.from({ length: 40 }, () => null));
      expect(asked).toBeGreaterThan(0);
      expect(asked).toBeLessThanOrEqual(2);
    });
  });
});

describe('admin create-workspace resent after a creation cut between its appends', () => {
  it('issues the key the cut attempt did not (same id, same key derived again) instead of refusing the workspace as existing', async () => {
    await withAdmin(async ({ rt, deps, feed }) => {
      const d = deps();
      const ctx = { requestId: 'rid-torn-ws', log: createLogger('admin', 'silent') };
      const appendEach = rt.store.appendEach.bind(rt.store);
      // The instance is killed after WorkspaceCreated is stored, before ApiKeyIssued.
      rt.store.appendEach = async (subject, events, opts) => {
        if (!subject.includes('.workspace.')) return appendEach(subject, events, opts);
        await appendEach(subject, events.slice(0, 1), opts);
        throw new Error('killed between the appends');
      };
      await expect(createWorkspaceHandler(d)({ ws: '_account', data: { name: 'Torn' } } as never, ctx as never)).rejects.toThrow('killed');
      rt.store.appendEach = appendEach;
      const resent = await createWorkspaceHandler(deps())({ ws: '_account', data: { name: 'Torn' } } as never, ctx as never);
      const id = resent.data.public_id;
      const types = (await rt.store.readSubject(EventStore.subject('_account', 'workspace', id))).events.map((e) => e.type);
      expect(types).toEqual(['WorkspaceCreated', 'ApiKeyIssued']);
      // The key answered is the one issued: it opens the workspace.
      const fed = deps();
      await feed(fed, id);
      expect((await verifyKeyHandler(fed)({ ws: '_account', data: { key: resent.data.workspace_api_key } } as never, ctx as never)).data).toEqual({ kind: 'workspace', workspace: id });
    });
  });
});
