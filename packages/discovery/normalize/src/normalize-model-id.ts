import { normalizeDeepSeekId } from "./normalize-deep-seek-id.js";
import { normalizeXaiId } from "./normalize-xai-id.js";

/**
 * Normalizes a model id for a provider. Dispatches on the exact provider string:
 * `xai` and `grok` use the xAI rule, `deepseek` the DeepSeek rule; any other string
 * (`openai`, `claude`, `x-ai`, `DeepSeek`, ...) returns the id unchanged.
 */
export function normalizeModelId(provider: string, id: string): string {
  switch (provider) {
    case "xai":
    case "grok":
      return normalizeXaiId(id);
    case "deepseek":
      return normalizeDeepSeekId(id);
    default:
      return id;
  }
}
