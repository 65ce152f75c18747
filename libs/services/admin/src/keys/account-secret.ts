import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TgConfig } from '@tg/config';
import { canonicalKey, styledKey } from '@tg/contracts';
import { newAccountSecret } from './keys';

/**
 * The account secret: from configuration, else the one kept in the data dir, else a new one generated
 * now, stored (mode 600) and reported as generated so that it is printed once.
 */
export function resolveAccountSecret(config: TgConfig): { secret: string; generated: boolean; path?: string } {
  if (config.accountSecret) return { secret: config.accountSecret, generated: false };
  const path = join(config.dataDir, 'account-secret');
  if (existsSync(path)) {
    const secret = readFileSync(path, 'utf8').trim();
    if (canonicalKey(secret).startsWith('tg_sk_')) return { secret, generated: false, path };
  }
  mkdirSync(config.dataDir, { recursive: true });
  // Printed once in the configured style (TG_KEY_STYLE); it works under either prefix.
  const secret = styledKey(newAccountSecret(), config.keyStyle);
  writeFileSync(`${path}.tmp`, secret + '\n', { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
  chmodSync(path, 0o600);
  return { secret, generated: true, path };
}
