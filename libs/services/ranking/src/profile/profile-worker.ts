/**
 * The worker thread of {@link ProfileComposer}: composes a taste profile from a copy of a parent's statistics
 * (`composeProfile`, the function a read would run on the same statistics).
 */
import { parentPort } from 'node:worker_threads';
import { composeProfile } from '@tg/math';
import type { ProfileMessage } from './profile-thread';

parentPort!.on('message', (m: ProfileMessage) => {
  try {
    parentPort!.postMessage({ profile: composeProfile(m.stats, m.options) });
  } catch (e) {
    parentPort!.postMessage({ error: String((e as Error)?.message ?? e) });
  }
});
