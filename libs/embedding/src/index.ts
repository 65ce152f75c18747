export { EmbeddingError, type Embedder, type EmbeddingErrorCode } from './embedder';
export {
  ensureGloveBinary,
  GLOVE_BINARY_NAME,
  GLOVE_FORMAT_VERSION,
  type EnsureGloveOptions,
  type EnsureGloveResult,
} from './glove-binary';
export { SIF_EMBEDDER_ID, SIF_EMBEDDER_ID_NO_OOV, SifEmbedder, type SifEmbedderOptions, type SifLoadInfo } from './sif-embedder';
export { SIF_A, PC_TEXT_LENGTH } from './sif-math';
export { OllamaEmbedder, type OllamaEmbedderOptions } from './ollama-embedder';
export { CachingEmbedder, type CacheStats, type CachingEmbedderOptions } from './caching-embedder';
export { textForContent, urlWords, type ContentTextOptions, type ContentTextSource } from './content-text';
