/** How long work runs between turns of the event loop, unless told otherwise. */
export const SLICE_MS = 20;

/**
 * Paces long synchronous work by time: `if (pace.step(units)) await turn()` gives the event loop a turn once
 * `sliceMs` have passed since the last one, reading the clock every `checkEvery` units. A fixed count of units
 * between turns held the event loop 10× longer on a loaded machine than on a quiet one (a snapshot's encode
 * chunks took 100-200 ms at load 9, and every search waited behind them).
 */
export class Pacer {
  private done = 0;
  private readonly sliceMs: number;
  private readonly checkEvery: number;
  private readonly clock: () => number;
  /** Start of the current slice; undefined after a turn until work resumes (the turn's own time is not work). */
  private since?: number;

  constructor(opts: { sliceMs?: number; checkEvery?: number; clock?: () => number } = {}) {
    this.sliceMs = opts.sliceMs ?? SLICE_MS;
    this.checkEvery = opts.checkEvery ?? 1_024;
    this.clock = opts.clock ?? (() => performance.now());
  }

  /** Adds `units` of work; true when a turn of the event loop is due (the next slice starts when work resumes). */
  step(units = 1): boolean {
    this.since ??= this.clock();
    this.done += units;
    if (this.done < this.checkEvery) return false;
    this.done = 0;
    if (this.clock() - this.since < this.sliceMs) return false;
    this.since = undefined;
    return true;
  }
}
