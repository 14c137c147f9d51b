import { canonicalProvider } from "@discovery/normalize";
import {
  getLifecycle,
  isRetired,
  type LifecycleEntry,
  listLifecycle,
  retirementDate,
  type UnknownLifecycle,
} from "@discovery/retirement";
import { CliError, EXIT_OK, EXIT_USAGE, formatTable } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { lifecycleLine } from "./lifecycle-line.js";
import { addDays } from "./parse-days.js";

export interface RetiredCommandOptions {
  today?: string;
  /** `--upcoming <days>`: list what shuts down within this many days instead. */
  upcoming?: number;
}

/** `retired <provider> <model>` as JSON. */
export interface RetirementReport {
  provider: string;
  model: string;
  /** The retirement date (`YYYY-MM-DD`), `deprecated`, or null when none is known. */
  date: string | null;
  /** Whether the model is retired on `today`; null when the registries do not know the model. */
  retired: boolean | null;
  deprecated: boolean;
  /** The lifecycle status on `today`, `unknown` for a model no registry knows. */
  status: LifecycleEntry["status"] | "unknown";
  /** The lifecycle entry found, or `{ provider, model, status: 'unknown' }`. */
  lifecycle: LifecycleEntry | UnknownLifecycle;
  /** The day judged on, `YYYY-MM-DD` (UTC). */
  today: string;
}

/**
 * `discovery retired <provider> <model>`: whether the model is retired (exit 0 whenever it
 * answers, 1 for a vendor it does not know). `discovery retired --upcoming 90d [provider]`: the
 * models whose shutdown falls within the window.
 */
export async function retiredCommand(
  context: CommandContext,
  provider: string | undefined,
  model: string | undefined,
  options: RetiredCommandOptions,
): Promise<number> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  if (provider !== undefined) knownVendor(provider, model);
  if (options.upcoming !== undefined)
    return upcoming(context, provider, model, today, options.upcoming);
  if (provider === undefined || model === undefined) {
    throw new CliError({
      message: "retired needs <provider> <model>, or --upcoming <days>",
      exitCode: EXIT_USAGE,
      hint: "e.g. `discovery retired xai grok-4-0709` or `discovery retired --upcoming 90d`",
    });
  }
  const report = single(provider, model, today);
  if (context.json) context.printJson(report);
  else
    context.io.stdout.write(
      `${context.out.cyan(`${provider}/${model}`)}: ${singleText(context, report)}\n`,
    );
  return EXIT_OK;
}

function knownVendor(provider: string, model: string | undefined): void {
  if (canonicalProvider(provider) !== null) return;
  throw new CliError({
    message: `cannot tell whether '${model ?? provider}' is retired: unknown vendor '${provider}'`,
    hint: "vendors are openai, deepseek, xai (grok), anthropic (claude), google (gemini)",
  });
}

function single(provider: string, model: string, today: string): RetirementReport {
  const date = retirementDate(provider, model);
  const lifecycle = getLifecycle(provider, model, { today });
  const known = date !== null || lifecycle.status !== "unknown";
  return {
    provider,
    model,
    date,
    retired: known ? isRetired(provider, model, { today }) : null,
    deprecated: date === "deprecated" || lifecycle.status === "deprecated",
    status: lifecycle.status,
    lifecycle,
    today,
  };
}

function singleText(context: CommandContext, report: RetirementReport): string {
  const { out } = context;
  const { date, lifecycle } = report;
  // The spec's registry keeps `deprecated` for two short keys whose dated models are gone.
  const registry =
    date === "deprecated"
      ? out.yellow("deprecated, still routable (not retired) in the retirement registry")
      : null;
  const entry = lifecycle.status === "unknown" ? null : lifecycle;
  const text = registry === null || entry === null ? lifecycleLine(context, lifecycle) : registry;
  const fromRegistry = date !== null && date !== "deprecated" && entry === null;
  if (fromRegistry) {
    return report.retired
      ? out.red(`retired since ${date}`)
      : out.yellow(`retires on ${date} (still routable)`);
  }
  const source = entry === null ? "" : out.dim(` (${entry.model}; source ${entry.source})`);
  const also =
    registry !== null && entry !== null ? `; lifecycle: ${lifecycleLine(context, entry)}` : "";
  return `${text}${also}${source}`;
}

function upcoming(
  context: CommandContext,
  provider: string | undefined,
  model: string | undefined,
  today: string,
  days: number,
): number {
  if (model !== undefined) {
    throw new CliError({
      message: "--upcoming lists models: give at most a provider",
      exitCode: EXIT_USAGE,
    });
  }
  const entries = listLifecycle({
    upcomingWithinDays: days,
    today,
    ...(provider !== undefined ? { provider } : {}),
  });
  const until = addDays(today, days);
  if (context.json) {
    context.printJson({ today, withinDays: days, until, entries });
    return EXIT_OK;
  }
  const { io, out } = context;
  if (entries.length === 0) {
    io.stdout.write(`nothing in the lifecycle registry shuts down from ${today} to ${until}\n`);
    return EXIT_OK;
  }
  const rows = entries.map((e) => [
    e.shutdownAt ?? "-",
    e.provider,
    out.cyan(e.model),
    e.scope,
    e.status,
    e.replacement ?? "-",
  ]);
  io.stdout.write(
    formatTable(
      ["SHUTDOWN", "PROVIDER", "MODEL", "SCOPE", "STATUS", "REPLACEMENT"].map((header) => ({
        header,
      })),
      rows,
      out,
    ),
  );
  return EXIT_OK;
}
