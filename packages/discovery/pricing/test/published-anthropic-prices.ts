/** Every row of the Anthropic price table as published at https://claude.com/pricing. */
// id, base input, cache write 5m, cache write 1h, cache hit, output (USD per million tokens).
export const PUBLISHED_ANTHROPIC_PRICES: ReadonlyArray<
  readonly [string, number, number, number, number, number]
> = [
  ["claude-opus-4-7", 5.0, 6.25, 10.0, 0.5, 25.0],
  ["claude-opus-4-6", 5.0, 6.25, 10.0, 0.5, 25.0],
  ["claude-opus-4-5", 5.0, 6.25, 10.0, 0.5, 25.0],
  ["claude-opus-4-1", 15.0, 18.75, 30.0, 1.5, 75.0],
  ["claude-opus-4", 15.0, 18.75, 30.0, 1.5, 75.0],
  ["claude-sonnet-4-6", 3.0, 3.75, 6.0, 0.3, 15.0],
  ["claude-sonnet-4-5", 3.0, 3.75, 6.0, 0.3, 15.0],
  ["claude-sonnet-4", 3.0, 3.75, 6.0, 0.3, 15.0],
  ["claude-sonnet-3-7", 3.0, 3.75, 6.0, 0.3, 15.0],
  ["claude-haiku-4-5", 1.0, 1.25, 2.0, 0.1, 5.0],
  ["claude-haiku-3-5", 0.8, 1.0, 1.6, 0.08, 4.0],
  ["claude-opus-3", 15.0, 18.75, 30.0, 1.5, 75.0],
  ["claude-haiku-3", 0.25, 0.3, 0.5, 0.03, 1.25],
  ["claude-opus-4-5-20251101", 5.0, 6.25, 10.0, 0.5, 25.0],
  ["claude-opus-4-1-20250805", 15.0, 18.75, 30.0, 1.5, 75.0],
  ["claude-opus-4-20250514", 15.0, 18.75, 30.0, 1.5, 75.0],
  ["claude-sonnet-4-5-20250929", 3.0, 3.75, 6.0, 0.3, 15.0],
  ["claude-sonnet-4-20250514", 3.0, 3.75, 6.0, 0.3, 15.0],
  ["claude-haiku-4-5-20251001", 1.0, 1.25, 2.0, 0.1, 5.0],
];
