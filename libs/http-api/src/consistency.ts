/**
 * Read-your-writes across requests: the highest stream sequence this gateway has seen acknowledged per
 * workspace. Every call carries it so that services answer only after their projections passed it.
 *
 * A mark is a position in one stream. When the stream is re-created (the server came back without its store and a
 * writer made it anew) the same sequences name other events, and a mark of the old stream would make every read of
 * its workspace wait for a position the new stream may not reach for a long time (and answer 503 meanwhile). So
 * marks are kept by connection generation: a reconnect starts a new one, and when the check after it finds the
 * stream re-created, what was noted before that reconnect is forgotten; what was noted since (acknowledged by the
 * new stream) is kept.
 */
export class Consistency {
  /** Per workspace: the highest sequence noted in the current generation, and the highest of earlier ones. */
  private readonly marks = new Map<string, { seq: number; gen: number; before: number }>();
  private gen = 0;

  get(ws: string): number | undefined {
    const m = this.marks.get(ws);
    if (!m) return undefined;
    return Math.max(m.seq, m.before) || undefined;
  }

  note(ws: string, seq: number | undefined): void {
    if (!seq) return;
    const m = this.marks.get(ws);
    if (!m) this.marks.set(ws, { seq, gen: this.gen, before: 0 });
    else if (m.gen !== this.gen) this.marks.set(ws, { seq, gen: this.gen, before: Math.max(m.seq, m.before) });
    else if (m.seq < seq) m.seq = seq;
  }

  /** The connection to the bus came back: marks noted from now on are of the stream as it is after it. */
  reconnected(): number {
    return ++this.gen;
  }

  /** The stream was found re-created after reconnect `since`: marks noted before it are of the old stream. */
  replaced(since: number): void {
    for (const [ws, m] of this.marks) {
      if (m.gen < since) this.marks.delete(ws);
      else m.before = 0;
    }
  }
}
