/** The compact row form every phenomena set is written in, and its expansion into labelled examples. */
import type { GaugeDomain, GaugeExample, GaugeKind, GaugeLabel } from '../src/gauge/types';

/** Label shorthand: positive, neutral (u), negative. */
export type L = 'p' | 'u' | 'n';
/** One pair: domain, label, reply, follow-up. */
export type Row = [GaugeDomain, L, string, string];
/** Rows grouped by phenomenon. */
export type PhenomenaRows = Partial<Record<GaugeKind, Row[]>>;

const LABEL: Record<L, GaugeLabel> = { p: 'positive', u: 'neutral', n: 'negative' };

/** Every row as a labelled example, id `<prefix><kind>-<n>` (n counts from 1 within the phenomenon). */
export function phenomenaExamples(prefix: string, rows: PhenomenaRows): readonly GaugeExample[] {
  return Object.entries(rows).flatMap(([kind, list]) =>
    list!.map(([domain, l, response, followup], i) => ({ id: `${prefix}${kind}-${i + 1}`, domain, kind: kind as GaugeKind, response, followup, label: LABEL[l] })),
  );
}
