/**
 * Read-your-writes across requests: the highest stream sequence this gateway has seen acknowledged per
 * workspace. Every call carries it so that services answer only after their projections passed it.
 */
export class Consistency {
  private readonly marks = new Map<string, number>();
  get(ws: string): number | undefined {
    return this.marks.get(ws);
  }
  note(ws: string, seq: number | undefined): void {
    if (!seq) return;
    if ((this.marks.get(ws) ?? 0) < seq) this.marks.set(ws, seq);
  }
}
