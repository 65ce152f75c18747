import { isIP } from 'node:net';
import { KEY_STYLES, parsePartitionSet, type KeyStyle } from '@tg/contracts';
import { resolve } from 'node:path';

/** Typed configuration of every tastegraph process, parsed once at boot. */
export interface TgConfig {
  /** Gateway bind host (default 127.0.0.1). */
  host: string;
  /** Gateway port (default 8080; 0 picks a free port). */
  port: number;
  /** Data directory: NATS store, generated secrets, model cache. */
  dataDir: string;
  /** External NATS URL; when unset `npm start` starts its own nats-server. */
  natsUrl?: string;
  /**
   * Account secret (`tg_sk_…`, or the same key as `galya_sk_…`); when unset one is generated on first start
   * and kept in the data dir.
   */
  accountSecret?: string;
  /** How new keys are printed: `tg_…` (default) or `galya_…` for clients of the hosted service. */
  keyStyle: KeyStyle;
  /** Stream replicas (1 embedded, 3 in a cluster). */
  streamReplicas: number;
  /** Maximum HTTP request body in bytes. */
  bodyLimit: number;
  /** Delay before background enrichment of new content, in ms. */
  enrichDelayMs: number;
  /** Batches up to this many items answer 200 synchronously; larger ones get a 202 job. */
  batchSyncMax: number;
  /** Outbound fetch: allow private/loopback addresses (never in production). */
  fetchAllowPrivate: boolean;
  /** Outbound fetch: CIDRs allowed even though private (e.g. 127.0.0.0/8 in tests). */
  fetchAllowCidrs: string[];
  /** Outbound fetch timeout and size cap. */
  fetchTimeoutMs: number;
  fetchMaxBytes: number;
  /** Ollama host for embeddings and generation (optional). */
  ollamaHost?: string;
  ollamaEmbedModel: string;
  ollamaChatModel: string;
  ollamaTimeoutMs: number;
  /** Qdrant URL for the vector read model (optional; in-process index otherwise). */
  qdrantUrl?: string;
  qdrantApiKey?: string;
  /** Visualize session token lifetime in seconds. */
  visualizeTokenTtlSec: number;
  /** Debounce of background cluster recomputation, in ms. */
  clusterDebounceMs: number;
  /** Per-key request rate limit (requests per minute; 0 disables). */
  rateLimitPerMinute: number;
  /**
   * Failed key checks (401) a client address may cause per minute; past it, its requests with a key this gateway
   * never verified answer 429 without a check by the admin service (a flood of made-up keys costs the admin
   * service nothing; keys in use keep working). 0 disables.
   */
  authFailuresPerMinute: number;
  /**
   * Writes (appends) a gateway lets through to the services at once; the others wait their turn (never rejected),
   * so that reads keep their latency on a saturated machine. 0: no limit.
   */
  writeConcurrency: number;
  /**
   * CPU priority (nice, 0–19) of a service process; unset: the service's own default (10 for the services of the
   * write path and background work: ingestion, taste, visualize; 0 for the others). See `runService`.
   */
  nice?: number;
  /** pino log level. */
  logLevel: string;
  /** How long a read waits for its projection to reach the caller's last write. */
  readWaitMs: number;
  /** Default timeout of a request/reply call between services (long operations set their own). */
  rpcTimeoutMs: number;
  /**
   * In the all-in-one process, the gateway calls the services of its own process directly instead of over
   * NATS (same contract; services still talk to each other and to other instances over NATS).
   */
  rpcPreferLocal: boolean;
  /** Search large vector collections (≥ 5,000 per workspace and type) on a worker thread, off the event loop. */
  vectorThread: boolean;
  /**
   * The ranking service embeds search queries itself when it has the embedding service's model (the embedded GloVe
   * SIF model, already converted in its `TG_DATA_DIR/models`, giving the same vectors), instead of a bus round trip.
   * Opt-in (`TG_QUERY_EMBED_LOCAL=true`): on the 2-core topology it cut search p50 but not p99, and writes were slower
   * (docs/benchmarks.md, mixed, tenth session).
   */
  queryEmbedLocal: boolean;
  /** Snapshot the catalog read model after this many new events (0: only on stop; -1: never). */
  snapshotEveryEvents: number;
  /**
   * Workspace partitions of the taste, ranking and visualize read models (every process of a deployment
   * must agree; 1 = not partitioned). See docs/deploy.md#partitions.
   */
  partitions: number;
  /** The partitions this process serves (`TG_SERVE_PARTITIONS`, e.g. `0-3,8`; default all). */
  servePartitions: number[];
  /**
   * Public base URL of the gateway (e.g. `https://tg.example.com`), used for links it returns (visualize).
   * When unset, links use the request's own origin only if its Host is in {@link allowedHosts}, else the
   * address the connection was accepted on: a forged Host header never appears in a link.
   */
  publicBaseUrl?: string;
  /** Host names (`host` or `host:port`) whose requests may see links built from their own Host header. */
  allowedHosts: string[];
  /** A service instance that sends nothing (no reply, no "still working") for this long is taken as gone, in ms. */
  rpcSilenceMs: number;
  /** The gateway caches verified API keys for this long, in ms. */
  authCacheTtlMs: number;
  /** While the admin service cannot answer, cached keys are still accepted this long past their TTL, in ms. */
  authStaleMs: number;
  /** Ack wait of queued batch-job chunks: a chunk held by an instance that died is redelivered after it, in ms. */
  jobAckWaitMs: number;
  /** HTTP: time a client has to send the request headers, in ms. */
  httpHeadersTimeoutMs: number;
  /** HTTP: time a client has to send a whole request (headers and body), in ms. */
  httpRequestTimeoutMs: number;
  /** HTTP: a connection with no traffic for this long is closed, in ms. */
  httpIdleTimeoutMs: number;
  /** HTTP: an idle keep-alive connection is closed after this long, in ms. */
  httpKeepAliveTimeoutMs: number;
  /** HTTP: open connections allowed from one client address (0: no cap). */
  httpMaxConnectionsPerClient: number;
  /**
   * Reverse proxies whose `X-Forwarded-For` names the client (addresses, CIDR ranges, or proxy-addr's `loopback`,
   * `linklocal`, `uniquelocal`); empty: the client is the TCP peer. Used for the per-client failed-key limit.
   */
  trustedProxies: string[];
  /** HTTP: open connections allowed in all (0: no cap); keeps the process below its file descriptor limit. */
  httpMaxConnections: number;
}

/** Raised when configuration is invalid; lists every problem at once. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

type Env = Record<string, string | undefined>;

/**
 * Parses configuration from an environment (default `process.env`), failing fast with every invalid
 * variable listed. Environment variable names never leave this module.
 */
export function loadConfig(env: Env = process.env, overrides: Partial<TgConfig> = {}): TgConfig {
  const problems: string[] = [];
  const str = (k: string) => (env[k] === undefined || env[k] === '' ? undefined : env[k]);
  const int = (k: string, def: number, min = 0, max = Number.MAX_SAFE_INTEGER): number => {
    const v = str(k);
    if (v === undefined) return def;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${k} must be an integer in [${min}, ${max}], got "${v}"`);
      return def;
    }
    return n;
  };
  const bool = (k: string, def: boolean): boolean => {
    const v = str(k);
    if (v === undefined) return def;
    if (['1', 'true', 'yes'].includes(v.toLowerCase())) return true;
    if (['0', 'false', 'no'].includes(v.toLowerCase())) return false;
    problems.push(`${k} must be true or false, got "${v}"`);
    return def;
  };
  const url = (k: string): string | undefined => {
    const v = str(k);
    if (v === undefined) return undefined;
    try {
      new URL(v);
      return v.replace(/\/+$/, '');
    } catch {
      problems.push(`${k} must be a URL, got "${v}"`);
      return undefined;
    }
  };
  /** A comma-separated list of IP addresses, CIDR ranges and proxy-addr's range names. */
  const proxies = (k: string): string[] => {
    const list = (str(k) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    for (const p of list) {
      const [addr, bits, extra] = p.split('/');
      const v = isIP(addr ?? '');
      const ok = ['loopback', 'linklocal', 'uniquelocal'].includes(p) || (v > 0 && extra === undefined && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (v === 4 ? 32 : 128))));
      if (!ok) problems.push(`${k} must list IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), got "${p}"`);
    }
    return list;
  };
  const natsUrl = str('NATS_URL');
  // One server, or a comma-separated list of cluster nodes (each must look like a server).
  for (const u of natsUrl?.split(',').map((x) => x.trim()) ?? []) {
    if (!/^(nats|tls|ws|wss):\/\/\S+$/.test(u) && !/^[\w.-]+:\d+$/.test(u)) {
      problems.push(`NATS_URL must look like nats://host:port (comma-separated for a cluster), got "${natsUrl}"`);
      break;
    }
  }
  const accountSecret = str('TG_ACCOUNT_SECRET');
  if (accountSecret !== undefined && !/^(tg|galya)_sk_\S{16,}$/.test(accountSecret)) {
    problems.push('TG_ACCOUNT_SECRET must start with tg_sk_ (or galya_sk_, the same key) and be at least 22 characters long');
  }
  const keyStyle = (str('TG_KEY_STYLE') ?? 'tg') as KeyStyle;
  if (!KEY_STYLES.includes(keyStyle)) problems.push(`TG_KEY_STYLE must be one of ${KEY_STYLES.join(', ')}, got "${keyStyle}"`);
  const partitions = int('TG_PARTITIONS', 1, 1, 1024);
  let servePartitions: number[] = [];
  try {
    servePartitions = parsePartitionSet(str('TG_SERVE_PARTITIONS'), partitions);
  } catch (e) {
    problems.push(`TG_SERVE_PARTITIONS: ${(e as Error).message}`);
  }
  const cfg: TgConfig = {
    host: str('HOST') ?? '127.0.0.1',
    port: int('PORT', 8080, 0, 65535),
    dataDir: resolve(str('TG_DATA_DIR') ?? './.data'),
    natsUrl,
    accountSecret,
    keyStyle,
    streamReplicas: int('TG_STREAM_REPLICAS', 1, 1, 5),
    bodyLimit: int('TG_BODY_LIMIT', 8 * 1024 * 1024, 1024),
    enrichDelayMs: int('TG_ENRICH_DELAY_MS', 30_000, 0),
    batchSyncMax: int('TG_BATCH_SYNC_MAX', 200, 0),
    fetchAllowPrivate: bool('TG_FETCH_ALLOW_PRIVATE', false),
    fetchAllowCidrs: (str('TG_FETCH_ALLOW_CIDRS') ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    fetchTimeoutMs: int('TG_FETCH_TIMEOUT_MS', 10_000, 100),
    fetchMaxBytes: int('TG_FETCH_MAX_BYTES', 2 * 1024 * 1024, 1024),
    ollamaHost: url('OLLAMA_HOST'),
    ollamaEmbedModel: str('OLLAMA_EMBED_MODEL') ?? 'nomic-embed-text',
    ollamaChatModel: str('OLLAMA_CHAT_MODEL') ?? 'llama3.2',
    ollamaTimeoutMs: int('OLLAMA_TIMEOUT_MS', 20_000, 100),
    qdrantUrl: url('QDRANT_URL'),
    qdrantApiKey: str('QDRANT_API_KEY'),
    visualizeTokenTtlSec: int('TG_VISUALIZE_TOKEN_TTL_SEC', 900, 1),
    clusterDebounceMs: int('TG_CLUSTER_DEBOUNCE_MS', 2_000, 0),
    rateLimitPerMinute: int('TG_RATE_LIMIT_PER_MINUTE', 0, 0),
    authFailuresPerMinute: int('TG_AUTH_FAILURES_PER_MINUTE', 60, 0),
    writeConcurrency: int('TG_WRITE_CONCURRENCY', 4, 0),
    nice: str('TG_NICE') === undefined ? undefined : int('TG_NICE', 0, 0, 19),
    logLevel: str('LOG_LEVEL') ?? 'info',
    readWaitMs: int('TG_READ_WAIT_MS', 10_000, 0),
    snapshotEveryEvents: int('TG_SNAPSHOT_EVERY_EVENTS', 50_000, -1),
    partitions,
    servePartitions,
    rpcTimeoutMs: int('TG_RPC_TIMEOUT_MS', 15_000, 100),
    rpcPreferLocal: bool('TG_RPC_PREFER_LOCAL', true),
    vectorThread: bool('TG_VECTOR_THREAD', true),
    queryEmbedLocal: bool('TG_QUERY_EMBED_LOCAL', false),
    publicBaseUrl: url('TG_PUBLIC_BASE_URL'),
    jobAckWaitMs: int('TG_JOB_ACK_WAIT_MS', 15_000, 1_500),
    rpcSilenceMs: int('TG_RPC_SILENCE_MS', 5_000, 1_500),
    authCacheTtlMs: int('TG_AUTH_CACHE_TTL_MS', 30_000, 0),
    authStaleMs: int('TG_AUTH_STALE_MS', 3_600_000, 0),
    httpHeadersTimeoutMs: int('TG_HTTP_HEADERS_TIMEOUT_MS', 10_000, 100),
    httpRequestTimeoutMs: int('TG_HTTP_REQUEST_TIMEOUT_MS', 60_000, 100),
    httpIdleTimeoutMs: int('TG_HTTP_IDLE_TIMEOUT_MS', 30_000, 100),
    httpKeepAliveTimeoutMs: int('TG_HTTP_KEEP_ALIVE_TIMEOUT_MS', 10_000, 100),
    httpMaxConnectionsPerClient: int('TG_HTTP_MAX_CONNECTIONS_PER_CLIENT', 256, 0),
    trustedProxies: proxies('TG_TRUSTED_PROXIES'),
    httpMaxConnections: int('TG_HTTP_MAX_CONNECTIONS', 10_000, 0),
    allowedHosts: (str('TG_ALLOWED_HOSTS') ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
    ...overrides,
  };
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(cfg.logLevel)) problems.push(`LOG_LEVEL must be a pino level, got "${cfg.logLevel}"`);
  if (cfg.httpHeadersTimeoutMs > cfg.httpRequestTimeoutMs) problems.push('TG_HTTP_HEADERS_TIMEOUT_MS must not exceed TG_HTTP_REQUEST_TIMEOUT_MS');
  if (problems.length) throw new ConfigError(problems);
  return cfg;
}
