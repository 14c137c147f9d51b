/** Adapter name of a priced vendor; lookups also take the second names `claude`, `grok`, `gemini`. */
export type PricingProvider = "anthropic" | "openai" | "deepseek" | "xai" | "google";

/** Prices of one tier, USD per million tokens. */
export interface PriceFields {
  /** Uncached input tokens. */
  readonly input: number;
  /** Output tokens (reasoning tokens included, as vendors bill them). */
  readonly output: number;
  /** Input tokens read from the prompt cache. Absent: the vendor lists no cache-read price. */
  readonly cacheRead?: number;
  /** Input tokens written to the cache at the default (shortest) lifetime, 5 minutes at Anthropic. */
  readonly cacheWrite5m?: number;
  /** Input tokens written to the cache with a 1-hour lifetime (Anthropic). */
  readonly cacheWrite1h?: number;
}

/** A long-context tier: these prices apply to the whole request once its input exceeds the threshold. */
export interface PriceTier extends PriceFields {
  /** The tier applies when the request's input tokens (uncached, cache reads and cache writes) exceed this. */
  readonly aboveInputTokens: number;
}

/** One row of `prices.json`: a model's list prices in USD per million tokens. */
export interface PriceRow extends PriceFields {
  readonly provider: PricingProvider;
  /** The model id as the vendor (or the dataset) writes it, e.g. `gpt-4o`, `claude-opus-4-7`. */
  readonly model: string;
  /** Other exact ids billed at this row's prices (lowercase), e.g. dated snapshots. */
  readonly aliases?: readonly string[];
  /** Id prefixes billed at this row's prices (lowercase), e.g. `deepseek-v4-flash`. */
  readonly prefixes?: readonly string[];
  /** Long-context tiers, by ascending threshold. */
  readonly tiers?: readonly PriceTier[];
  /** True when the vendor lists the model as deprecated. */
  readonly deprecated?: boolean;
  /** What the figures leave out, e.g. off-peak discounts or a scheduled price change. */
  readonly note?: string;
  /**
   * A second maintained dataset's figures where they differ from this row's (the build compares
   * every model both list; the newer of the two, by the sources' own dates, is the row's price).
   */
  readonly check?: {
    readonly source: string;
    readonly input: number;
    readonly output: number;
    readonly verifiedAt?: string;
  };
  /** URL of the page the figures come from. */
  readonly source: string;
  /** Date (`YYYY-MM-DD`) the figures were checked or the dataset was released. */
  readonly verifiedAt: string;
}

/** The `prices.json` document. */
export interface PricesFile {
  readonly $schema: string;
  /** The open dataset the non-Anthropic rows are converted from. */
  readonly dataset: {
    readonly name: string;
    readonly version: string;
    readonly releasedAt: string;
  };
  readonly rows: readonly PriceRow[];
}
