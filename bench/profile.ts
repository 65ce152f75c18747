/**
 * In-process CPU profiling for benchmarks (`--profile`): wraps a phase in a V8 sampling profile (node:inspector),
 * writes the .cpuprofile next to the results (open it in Chrome DevTools) and returns the functions with the
 * most self time, so a benchmark can print where its CPU went.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export async function profiled<T>(name: string, fn: () => Promise<T>): Promise<{ result: T; top: string[] }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  let result: T;
  let profile: { nodes: ProfileNode[] };
  try {
    result = await fn();
  } finally {
    profile = ((await session.post('Profiler.stop')) as { profile: { nodes: ProfileNode[] } }).profile;
    session.disconnect();
  }
  const dir = join(new URL('.', import.meta.url).pathname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`), JSON.stringify(profile));
  const self = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    const hits = n.hitCount ?? 0;
    total += hits;
    const file = n.callFrame.url.replace(/^.*\/(node_modules\/)?/, (m, nm) => (nm ? 'nm:' : '')).slice(-40);
    const key = `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + hits);
  }
  const top = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([k, v]) => `${((100 * v) / Math.max(total, 1)).toFixed(1).padStart(5)}%  ${k}`);
  return { result: result!, top };
}
