/**
 * One model of the catalog. Records are frozen: the catalog cache shares
 * them between callers.
 */
export interface ModelInfo {
  /** Model id as the source writes it, e.g. `openai/gpt-4o` or `gpt-4o-mini`. */
  readonly id: string;
  /** Developer label as the catalog writes it (`Open AI`, `X AI`); `?` when the entry has none. */
  readonly developer: string;
  /** Context window in tokens; null when missing, null or 0. */
  readonly contextLength: number | null;
  /** Output limit in tokens (`info.maxTokens`); null when missing or 0 (the newer entry shape has none). */
  readonly maxTokens: number | null;
  /** Display name, or null. */
  readonly name: string | null;
  /** Description as written (the catalog has many empty ones), or null when missing. */
  readonly description: string | null;
  /** Catalog type label (`chat-completion`, `image`, ...) or, for fallback rows, the row's `object`. */
  readonly type: string | null;
  /** Other ids the model answers to (newer entry shape); empty when none. */
  readonly aliases: readonly string[];
  /** Catalog tags (newer entry shape); empty when none. */
  readonly tags: readonly string[];
  /** `aimlapi` for catalog rows; `openai`, `deepseek` or `xai` for fallback rows. */
  readonly source: string;
}
