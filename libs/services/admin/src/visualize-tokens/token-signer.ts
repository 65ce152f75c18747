import { createHmac } from 'node:crypto';
import { TgError } from '@tg/contracts';
import { sameDigest } from '../keys/keys';

/** Signs and checks visualize session tokens: workspace-scoped, read-only, expiring. */
export class TokenSigner {
  constructor(private readonly secret: string) {}
  sign(payload: { ws: string; exp: number; scope: string }): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }
  verify(token: string, now: number): { ws: string; exp: number; scope: string } {
    const parts = token.split('.');
    if (parts.length !== 2 || !parts[0] || !parts[1]) throw new TgError('token_invalid', 'Malformed session token');
    const [body, mac] = parts as [string, string];
    if (!sameDigest(Buffer.from(mac, 'base64url').toString('hex'), Buffer.from(this.mac(body), 'base64url').toString('hex'))) {
      throw new TgError('token_invalid', 'Session token signature does not match');
    }
    let payload: { ws: string; exp: number; scope: string };
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw new TgError('token_invalid', 'Malformed session token');
    }
    if (typeof payload.ws !== 'string' || typeof payload.exp !== 'number' || payload.scope !== 'visualize:read') throw new TgError('token_invalid', 'Malformed session token');
    if (payload.exp * 1000 <= now) throw new TgError('token_expired', 'Session token has expired; request a new one from GET /visualize');
    return payload;
  }
  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}

