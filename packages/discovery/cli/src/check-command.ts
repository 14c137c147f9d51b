import {
  getLifecycle,
  type LifecycleEntry,
  type LifecycleScope,
  type UnknownLifecycle,
} from "@discovery/retirement";
import { EXIT_FAILURE, EXIT_OK } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { inferProvider } from "./infer-provider.js";
import { lifecycleLine } from "./lifecycle-line.js";
import { addDays } from "./parse-days.js";

export interface CheckCommandOptions {
  /** Days ahead a shutdown fails the check. Default 30. */
  within?: number;
  /** An unknown model fails the check too. */
  strict?: boolean;
  /** Platform whose dates count (default `first-party`). */
  scope?: LifecycleScope | "any";
  /** Vendor of ids that do not tell. */
  provider?: string;
  /** Judge on this UTC day (`YYYY-MM-DD`). */
  today?: string;
}

/** One model's verdict: `retired`, `retiring` (within the window), `ok`, or `unknown`. */
export interface CheckResult {
  id: string;
  provider: string | null;
  verdict: "retired" | "retiring" | "ok" | "unknown";
  lifecycle: LifecycleEntry | UnknownLifecycle;
}

/**
 * `discovery check <model…>`: exit 1 when a model is retired or shuts down within `--within`
 * days; an unknown model is a warning (exit 0) unless `--strict`. For CI.
 */
export async function checkCommand(
  context: CommandContext,
  ids: readonly string[],
  options: CheckCommandOptions,
): Promise<number> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const within = options.within ?? 30;
  const until = addDays(today, within);
  const scope = options.scope ?? "first-party";
  const results = ids.map((id) => checkOne(id, options.provider, scope, today, until));
  const failed = results.some(
    (r) =>
      r.verdict === "retired" ||
      r.verdict === "retiring" ||
      (options.strict && r.verdict === "unknown"),
  );
  if (context.json) {
    context.printJson({
      today,
      withinDays: within,
      until,
      scope,
      strict: options.strict === true,
      ok: !failed,
      results,
    });
  } else {
    printResults(context, results, options.strict === true);
  }
  return failed ? EXIT_FAILURE : EXIT_OK;
}

function checkOne(
  id: string,
  explicit: string | undefined,
  scope: LifecycleScope | "any",
  today: string,
  until: string,
): CheckResult {
  const provider = inferProvider(id, undefined, explicit);
  const lifecycle =
    provider === null
      ? ({ provider: explicit ?? "", model: id, status: "unknown" } as const)
      : getLifecycle(provider, id, { scope, today });
  let verdict: CheckResult["verdict"] = "ok";
  if (lifecycle.status === "unknown") verdict = "unknown";
  else if (lifecycle.status === "retired") verdict = "retired";
  else if (lifecycle.shutdownAt !== undefined && lifecycle.shutdownAt <= until)
    verdict = "retiring";
  return { id, provider, verdict, lifecycle };
}

function printResults(
  context: CommandContext,
  results: readonly CheckResult[],
  strict: boolean,
): void {
  const { io, out, err } = context;
  for (const r of results) {
    const mark =
      r.verdict === "ok"
        ? out.green("ok  ")
        : r.verdict === "unknown"
          ? out.yellow("??  ")
          : out.red("FAIL");
    const name =
      r.provider === null ? r.id : `${r.provider}/${r.id.slice(r.id.lastIndexOf("/") + 1)}`;
    io.stdout.write(`${mark} ${out.cyan(name)}: ${lifecycleLine(context, r.lifecycle)}\n`);
    if (r.verdict === "unknown") {
      const why =
        r.provider === null
          ? "cannot tell its vendor (write provider/model)"
          : "not in the lifecycle registry";
      io.stderr.write(
        `${err.yellow("discovery: warning:")} ${r.id}: ${why}${strict ? "; --strict fails on it" : ""}\n`,
      );
    }
  }
}
