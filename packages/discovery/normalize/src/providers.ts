/** Adapter name of a vendor, as accepted by `normalizeModelId`, `listModels` and friends. */
export type ProviderName = "openai" | "deepseek" | "xai" | "anthropic" | "google";

/** A vendor's second adapter name: its model-family name. */
export type ProviderSecondName = "grok" | "claude" | "gemini";

/** One vendor known to the discovery packages. */
export interface ProviderInfo {
  /** Adapter name (lowercase), e.g. `xai`. */
  readonly name: ProviderName;
  /** Second adapter name (the model family), e.g. `grok`; `null` when the vendor has none. */
  readonly secondName: ProviderSecondName | null;
  /** Developer label the aggregator catalog writes for this vendor, e.g. `X AI`. */
  readonly developerLabel: string;
  /** Vendor word used in TypeScript export names, e.g. `Xai` in `fetchXaiCostBuckets`. */
  readonly vendorWord: string;
  /** The vendor's name as it writes it, for people: `OpenAI`, `xAI` (the catalog writes `Open AI`, `X AI`). */
  readonly vendorName: string;
}

/** A provider string the discovery packages know: an adapter name or a second name. */
export type ProviderString = ProviderName | ProviderSecondName;

/**
 * Every vendor, in the spec's placeholder order (vendor_a .. vendor_e).
 * Frozen: the array and each entry.
 */
export const PROVIDER_INFO: readonly ProviderInfo[] = Object.freeze(
  [
    {
      name: "openai",
      secondName: null,
      developerLabel: "Open AI",
      vendorWord: "OpenAI",
      vendorName: "OpenAI",
    },
    {
      name: "deepseek",
      secondName: null,
      developerLabel: "DeepSeek AI",
      vendorWord: "DeepSeek",
      vendorName: "DeepSeek",
    },
    {
      name: "xai",
      secondName: "grok",
      developerLabel: "X AI",
      vendorWord: "Xai",
      vendorName: "xAI",
    },
    {
      name: "anthropic",
      secondName: "claude",
      developerLabel: "Anthropic",
      vendorWord: "Anthropic",
      vendorName: "Anthropic",
    },
    {
      name: "google",
      secondName: "gemini",
      developerLabel: "Google",
      vendorWord: "Gemini",
      vendorName: "Google",
    },
  ].map((info) => Object.freeze(info as ProviderInfo)),
);

/**
 * Every provider string accepted by `listModels`, `normalizeModelId` and `developerLabel`: each
 * vendor's adapter name followed by its second name, in placeholder order
 * (`openai`, `deepseek`, `xai`, `grok`, `anthropic`, `claude`, `google`, `gemini`). Frozen.
 */
export const PROVIDERS: readonly ProviderString[] = Object.freeze(
  PROVIDER_INFO.flatMap((info) =>
    info.secondName === null ? [info.name] : [info.name, info.secondName],
  ),
);
