export { canonicalProvider } from "./canonical-provider.js";
export { developerLabel } from "./developer-label.js";
export { findProvider } from "./find-provider.js";
export { normalizeDeepSeekId } from "./normalize-deep-seek-id.js";
export { normalizeModelId } from "./normalize-model-id.js";
export { normalizeXaiId } from "./normalize-xai-id.js";
export {
  PROVIDER_INFO,
  PROVIDERS,
  type ProviderInfo,
  type ProviderName,
  type ProviderSecondName,
  type ProviderString,
} from "./providers.js";
export { vendorName } from "./vendor-name.js";
