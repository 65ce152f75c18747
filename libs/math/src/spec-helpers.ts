import { createRng, gaussian, type Rng } from './random';

/** Deterministic synthetic embeddings for the unit tests. */
export class Synth {
  readonly rng: Rng;

  constructor(
    readonly dim: number,
    seed = 42,
  ) {
    this.rng = createRng(seed);
  }

  /** Uniformly random unit vector. */
  unit(): Float32Array {
    const v = Float32Array.from({ length: this.dim }, () => gaussian(this.rng));
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  }

  /** Unit vector with cosine ≈ rho to the unit vector `center`. */
  near(center: Float32Array, rho: number): Float32Array {
    const noise = this.unit();
    const v = center.map((c, i) => rho * c + Math.sqrt(1 - rho * rho) * noise[i]);
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  }

  /** Isotropic Gaussian blobs: `per` points around each of k random centres (not normalised). */
  blobs(k: number, per: number, sigma: number): { vectors: Float32Array[]; labels: number[] } {
    const centres = Array.from({ length: k }, () => Float32Array.from({ length: this.dim }, () => gaussian(this.rng)));
    const vectors: Float32Array[] = [];
    const labels: number[] = [];
    centres.forEach((c, label) => {
      for (let i = 0; i < per; i++) {
        vectors.push(c.map((x) => x + sigma * gaussian(this.rng)));
        labels.push(label);
      }
    });
    return { vectors, labels };
  }
}
