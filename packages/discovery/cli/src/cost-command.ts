import {
  type OpenAICostGroupBy,
  type OpenAICostReconciliation,
  reconcileOpenAICost,
  reconcileXaiCost,
  type XaiCostReconciliation,
} from "@discovery/cost";
import {
  CliError,
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  formatTable,
  preview,
  withProgress,
} from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { endpoint } from "./endpoints.js";
import { signed, usd } from "./format-number.js";

const FAILURE_HINTS = {
  openai:
    "check that OPENAI_ADMIN_KEY is an organization admin key (sk-admin-...); the warning above says what failed",
  xai: "check XAI_MANAGEMENT_KEY and XAI_TEAM_ID (the management key must see that team); the warning above says what failed",
} as const;

// The vendor could not be reached at all: the keys are not the problem.
const NETWORK_HINTS = {
  openai:
    "check the network, or DISCOVERY_OPENAI_COSTS_URL / --base-url when you set one; the warning above says what failed",
  xai: "check the network, or DISCOVERY_XAI_MGMT_URL / --base-url when you set one; the warning above says what failed",
} as const;

const DAY_MS = 86_400_000;

export interface CostCommandOptions {
  /** Required; optional in the type because commander cannot require it of `cost` alone. */
  since?: Date;
  until?: Date;
  attributed?: number;
  groupBy?: OpenAICostGroupBy[];
  baseUrl?: string;
}

/**
 * `discovery cost openai|xai --since <when> [--until <when>]`: billed cost per daily bucket over
 * the window (`--until` excluded, default today 00:00 UTC, so `--since 7d` is the last seven whole
 * days: seven buckets, the last ending today; `--until now` adds today so far), and the
 * drift against `--attributed` (the locally attributed USD). JSON: the reconciliation record of
 * `@discovery/cost` (`vendor`, `actualUsd`, `attributedUsd`, `driftUsd`, `driftPct`, `buckets`,
 * `windowStart`, `windowEnd`). Exits 1 without credentials, or when the vendor could not be read
 * completely (the figures would be wrong).
 */
export async function costCommand(
  context: CommandContext,
  vendor: "openai" | "xai",
  given: CostCommandOptions,
): Promise<number> {
  const { since } = given;
  if (since === undefined) {
    throw new CliError({
      message: "required option '--since <when>' not specified",
      exitCode: EXIT_USAGE,
      hint: "e.g. --since 7d, --since 2026-05-01",
    });
  }
  const until = given.until ?? new Date(startOfUtcDay(Date.now()));
  if (until.getTime() <= since.getTime()) {
    throw new CliError({
      message: `--until (${until.toISOString()}) must be after --since (${since.toISOString()})`,
      exitCode: EXIT_USAGE,
      hint: "e.g. --since 2026-05-01 --until 2026-05-08",
    });
  }
  const options = { ...given, since, until };
  const result = vendor === "openai" ? await openai(context, options) : await xai(context, options);
  const unreachable = context.warnings.some((w) => /cannot reach|no answer within/.test(w));
  const failed = context.flushWarnings() > 0;
  if (context.json) context.printJson(result);
  // A failed lookup's zero totals would read as a real bill: the error alone is printed.
  else if (!failed) printReconciliation(context, result);
  if (failed) {
    context.note(
      `${context.err.red("discovery: error:")} the ${vendor === "openai" ? "OpenAI" : "xAI"} cost lookup ${unreachable ? "could not reach the vendor" : "failed or is incomplete"}; no totals are shown${context.json ? " (the JSON figures are not reliable)" : ""}`,
    );
    const hint = unreachable ? NETWORK_HINTS[vendor] : FAILURE_HINTS[vendor];
    context.note(context.err.dim(`hint: ${hint}`));
    return EXIT_FAILURE;
  }
  return EXIT_OK;
}

function startOfUtcDay(ms: number): number {
  return ms - (ms % DAY_MS);
}

type WindowOptions = CostCommandOptions & { since: Date; until: Date };

async function openai(
  context: CommandContext,
  options: WindowOptions,
): Promise<OpenAICostReconciliation> {
  const adminKey = context.env("OPENAI_ADMIN_KEY");
  if (adminKey === undefined) {
    throw new CliError({
      message: "no OpenAI admin key",
      hint: "set OPENAI_ADMIN_KEY to an organization admin key (sk-admin-...); project keys cannot read costs",
    });
  }
  const baseUrl = endpoint(context, "openaiCosts", options.baseUrl);
  return withProgress(context.io, "fetching OpenAI costs", () =>
    reconcileOpenAICost({
      adminKey,
      startTime: Math.floor(options.since.getTime() / 1000),
      endTime: Math.floor(options.until.getTime() / 1000),
      ...(options.attributed !== undefined ? { attributedUsd: options.attributed } : {}),
      ...(options.groupBy !== undefined ? { groupBy: options.groupBy } : {}),
      ...(baseUrl !== undefined ? { baseUrl } : {}),
      logger: context.logger,
    }),
  );
}

async function xai(
  context: CommandContext,
  options: WindowOptions,
): Promise<XaiCostReconciliation> {
  const managementKey = context.env("XAI_MANAGEMENT_KEY");
  const teamId = context.env("XAI_TEAM_ID");
  const missing = [managementKey ? "" : "XAI_MANAGEMENT_KEY", teamId ? "" : "XAI_TEAM_ID"].filter(
    Boolean,
  );
  if (managementKey === undefined || teamId === undefined) {
    throw new CliError({
      message: `no xAI ${managementKey ? "team id" : "management key"}`,
      hint: `set ${missing.join(" and ")} (the management key and team id from the xAI console)`,
    });
  }
  const baseUrl = endpoint(context, "xaiManagement", options.baseUrl);
  return withProgress(context.io, "fetching xAI costs", () =>
    reconcileXaiCost({
      managementKey,
      teamId,
      startTime: isoSeconds(options.since),
      endTime: isoSeconds(options.until),
      ...(options.attributed !== undefined ? { attributedUsd: options.attributed } : {}),
      ...(baseUrl !== undefined ? { baseUrl } : {}),
      logger: context.logger,
    }),
  );
}

// xAI takes whole seconds; the library turns `...T...Z` into its `YYYY-MM-DD HH:MM:SS` form.
function isoSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function printReconciliation(
  context: CommandContext,
  result: OpenAICostReconciliation | XaiCostReconciliation,
): void {
  const { out, io } = context;
  const rows =
    result.vendor === "openai"
      ? result.buckets.map((b) => [
          unixDay(b.startTime),
          unixDay(b.endTime),
          usd(b.totalUsd),
          topItems(Object.entries(b.lineItemBreakdown)),
        ])
      : result.buckets.map((b) => [
          b.startTime,
          usd(b.totalUsd),
          topItems(b.lineItems.map((item) => [item.description, item.usd] as [string, number])),
        ]);
  const columns =
    result.vendor === "openai"
      ? [
          { header: "START" },
          { header: "END" },
          { header: "USD", align: "right" as const },
          { header: "TOP LINE ITEMS" },
        ]
      : [
          { header: "TIME" },
          { header: "USD", align: "right" as const },
          { header: "TOP LINE ITEMS" },
        ];
  if (rows.length > 0) io.stdout.write(`${formatTable(columns, rows, out)}\n`);
  else context.note(out.dim("no cost buckets in the window"));
  const summary: string[][] = [
    ["actual", `${usd(result.actualUsd)} USD`],
    ["attributed", result.attributedUsd === null ? "-" : `${usd(result.attributedUsd)} USD`],
  ];
  if (result.driftUsd !== null && result.driftPct !== null) {
    const colour = Math.abs(result.driftPct) >= 10 ? out.red : out.green;
    summary.push([
      "drift",
      colour(`${signed(result.driftUsd, 4)} USD (${signed(result.driftPct, 2)}%)`),
    ]);
  }
  io.stdout.write(
    formatTable(
      [{ header: result.vendor === "openai" ? "OPENAI" : "XAI" }, { header: "" }],
      summary,
      out,
    ),
  );
}

function unixDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 16).replace("T", " ");
}

function topItems(items: [string, number][]): string {
  const top = items
    .filter(([, value]) => value !== 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, value]) => `${name} ${usd(value)}`);
  return top.length === 0 ? "-" : preview(top.join("; "), 80);
}
