import { appendFileSync } from "node:fs";

/** One benchmark figure against its target. */
export interface BenchResult {
  /** What is measured, e.g. `POST /messages, sends/s`. */
  figure: string;
  /** The measured value with its unit, e.g. `13,816 req/s`. */
  value: string;
  /** What the figure is compared with, and its value; omitted for an absolute target. */
  baseline?: string;
  /** The figure as a multiple of the baseline; omitted for an absolute target. */
  ratio?: number;
  /** The target, e.g. `>= 0.70x` or `< 20 ms`; omitted for a figure reported for information. */
  target?: string;
  /** Whether the figure meets the target; omitted with the target. */
  met?: boolean;
}

/** Names the JSON-lines file in which `pnpm bench` collects every result for its summary. */
export const BENCH_RESULTS_ENV = "MESH_BENCH_RESULTS";

/** Prints one result line and, under `pnpm bench`, records it for the summary table. */
export function reportBench(result: BenchResult): void {
  const parts = [result.value];
  if (result.baseline !== undefined) parts.push(`baseline ${result.baseline}`);
  if (result.ratio !== undefined) parts.push(`ratio ${formatRatio(result.ratio)}`);
  const goal =
    result.target === undefined ? "informative" : `target ${result.target}: ${verdictOf(result)}`;
  console.log(`${result.figure}: ${parts.join(", ")} (${goal})`);
  const file = process.env[BENCH_RESULTS_ENV];
  if (file) {
    const bench = process.env["npm_package_name"] ?? "";
    appendFileSync(file, `${JSON.stringify({ bench, ...result })}\n`);
  }
}

/** `met`, `MISSED`, or `-` for a figure without a target. */
function verdictOf(result: BenchResult): string {
  if (result.target === undefined) return "-";
  return result.met === true ? "met" : "MISSED";
}

/** Two decimals, three below 0.1 so a small ratio does not print as 0.00x. */
export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(Math.abs(ratio) < 0.1 ? 3 : 2)}x`;
}

/** A result as `pnpm bench` collected it: which package's benchmark printed it. */
export interface CollectedResult extends BenchResult {
  bench: string;
}

const COLUMNS = ["bench", "figure", "value", "baseline", "ratio", "target", "verdict"] as const;

/** Reads the JSON lines `reportBench` appended; a line that is not a result is skipped. */
export function parseResults(text: string): CollectedResult[] {
  const results: CollectedResult[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const value = JSON.parse(line) as Partial<CollectedResult>;
      if (typeof value.figure === "string" && typeof value.value === "string") {
        results.push(value as CollectedResult);
      }
    } catch {
      // A torn line from a benchmark killed mid-write: the others still make the table.
    }
  }
  return results;
}

/**
 * One plain-text table of every result (figure, baseline, ratio, target, met or missed) and a
 * closing count, for the end of `pnpm bench`.
 */
export function summaryTable(results: readonly CollectedResult[]): string {
  if (results.length === 0) return "no benchmark reported a result\n";
  const rows = results.map((result) => ({
    bench: result.bench,
    figure: result.figure,
    value: result.value,
    baseline: result.baseline ?? "-",
    ratio: result.ratio === undefined ? "-" : formatRatio(result.ratio),
    target: result.target ?? "-",
    verdict: verdictOf(result),
  }));
  const widths = COLUMNS.map((column) =>
    Math.max(column.length, ...rows.map((row) => [...row[column]].length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, index) => cell + " ".repeat((widths[index] ?? 0) - [...cell].length))
      .join("  ")
      .trimEnd();
  const targeted = results.filter((result) => result.target !== undefined);
  const missed = targeted.filter((result) => result.met !== true);
  const out = [
    line(COLUMNS),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map((row) => line(COLUMNS.map((column) => row[column]))),
    "",
    `${targeted.length - missed.length} of ${targeted.length} targets met${
      missed.length === 0 ? "" : `; missed: ${missed.map((result) => result.figure).join("; ")}`
    }`,
  ];
  return `${out.join("\n")}\n`;
}
