/**
 * Ridge regression by the normal equations, (XᵀWX + λI) β = XᵀWy, with a bias column (last, not penalised) and
 * optional per-row weights; solved by Gaussian elimination with partial pivoting. Shared by the scripts that
 * derive the gauge's word tables from word vectors (derive-valence.mts, fit-stance.mts).
 */
export function ridge(rows: readonly { x: ArrayLike<number>; y: number; weight?: number }[], dim: number, lambda: number): number[] {
  const k = dim + 1;
  const A = Array.from({ length: k }, () => new Float64Array(k));
  const b = new Float64Array(k);
  const xb = new Float64Array(k);
  for (const { x, y, weight: w = 1 } of rows) {
    for (let i = 0; i < dim; i++) xb[i] = x[i]!;
    xb[dim] = 1;
    for (let i = 0; i < k; i++) {
      b[i] += w * xb[i]! * y;
      for (let j = 0; j < k; j++) A[i]![j] += w * xb[i]! * xb[j]!;
    }
  }
  for (let i = 0; i < dim; i++) A[i]![i] += lambda;
  for (let c = 0; c < k; c++) {
    let p = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    [b[c], b[p]] = [b[p]!, b[c]!];
    for (let r = c + 1; r < k; r++) {
      const f = A[r]![c]! / A[c]![c]!;
      for (let j = c; j < k; j++) A[r]![j] -= f * A[c]![j]!;
      b[r] -= f * b[c]!;
    }
  }
  const beta = new Array<number>(k).fill(0);
  for (let r = k - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let j = r + 1; j < k; j++) s -= A[r]![j]! * beta[j]!;
    beta[r] = s / A[r]![r]!;
  }
  return beta;
}
