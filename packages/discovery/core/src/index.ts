export {
  DiscoveryError,
  type DiscoveryErrorCode,
  type DiscoveryErrorOptions,
} from "./discovery-error.js";
export { type FetchJsonOptions, type FetchJsonResult, fetchJson } from "./fetch-json.js";
export { consoleLogger, type DiscoveryLogger, silentLogger } from "./logger.js";
export { readDeepSeekLegacyKey } from "./read-deepseek-legacy-key.js";
export { envValue, resolveCredential } from "./resolve-credential.js";
export { resolveLogger } from "./resolve-logger.js";
export type { SafeResult } from "./safe-result.js";
export { TtlCache, type TtlCacheGetOptions } from "./ttl-cache.js";
