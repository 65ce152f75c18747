/** A deterministic source of uniform numbers in [0, 1). */
export type Rng = () => number;

/**
 * Seeded pseudo-random generator (mulberry32: 32-bit state, full 2³² period, fast and good
 * enough for sampling and initialisation; not cryptographic).
 *
 * @param seed - any number; only its low 32 bits are used.
 */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal deviate from `rng` (Box–Muller). */
export function gaussian(rng: Rng): number {
  let u = 0;
  while (u === 0) u = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}
