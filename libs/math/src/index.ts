/**
 * @tg/math — pure numerical building blocks of tastegraph: vector algebra, taste-profile
 * sufficient statistics and affinity, spherical clustering, diversification (MMR), a BM25
 * lexical index, ranking metrics and a map's image copied a slice at a time. No I/O; safe to use from any layer.
 *
 * @packageDocumentation
 */
export { addScaled, cosine, dot, dotAt, meanOf, norm, normalize, type Vector } from './vector';
export { symmetricEigen, type SymmetricEigen } from './eigen';
export { base64ToFloat64, float64ToBase64 } from './base64';
export { createRng, gaussian, type Rng } from './random';
export {
  addToStats,
  composeProfile,
  createTasteStats,
  deserializeStats,
  removeFromStats,
  serializeStats,
  statsCount,
  StatsQueue,
  type ComposeOptions,
  type SerializedTasteStats,
  type TasteProfile,
  type TasteRepresentation,
  type TasteStats,
} from './taste';
export { affinity, affinityRaw, calibrate, DEFAULT_CALIBRATION, type AffinityResult, type CalibrationOptions } from './affinity';
export { chooseK, kmeans, type ChooseKOptions, type ChooseKResult, type KMeansOptions, type KMeansResult } from './kmeans';
export { mmr, type MmrCandidate } from './mmr';
export { Bm25Index, STOPWORDS, tokenize, type Bm25Capture, type Bm25Columns, type Bm25Options, type Bm25State, type PostingList, type PostingLookup, type WeightedTerms } from './bm25';
export { auc, ndcgAtK, percentile, recallAtK } from './metrics';
export { MapImage } from './map-image';
export {
  easeQuery,
  easeScore,
  fitDualEase,
  itemPostings,
  postingsOf,
  recencyWeightsOf,
  spdInverse,
  tuneDualEase,
  type DualEase,
  type EaseTuning,
  type ItemPostings,
  type SideRows,
  type TunedEase,
  type UserLinks,
} from './ease';
export { ColumnMap } from './column-map';
