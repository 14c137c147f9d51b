import { isRetired, retirementDate } from "@discovery/retirement";
import { EXIT_FAILURE, EXIT_OK } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";

export interface RetiredCommandOptions {
  today?: string;
}

/** `retired` as JSON. */
export interface RetirementReport {
  provider: string;
  model: string;
  /** The registry value: `YYYY-MM-DD`, `deprecated`, or null when not registered. */
  date: string | null;
  retired: boolean;
  deprecated: boolean;
  /** The day judged on, `YYYY-MM-DD` (UTC). */
  today: string;
}

/**
 * `discovery retired <provider> <model>`: whether the model is retired. Exits 0 when it is, 1 when
 * it is not (deprecated, retiring later, or not in the registry), so it reads as a test in scripts.
 */
export async function retiredCommand(
  context: CommandContext,
  provider: string,
  model: string,
  options: RetiredCommandOptions,
): Promise<number> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const date = retirementDate(provider, model);
  const retired = isRetired(provider, model, { today });
  const report: RetirementReport = {
    provider,
    model,
    date,
    retired,
    deprecated: date === "deprecated",
    today,
  };
  if (context.json) context.printJson(report);
  else {
    const { out } = context;
    const name = out.cyan(`${provider}/${model}`);
    const status =
      date === null
        ? "not in the retirement registry (not retired)"
        : date === "deprecated"
          ? out.yellow("deprecated, still routable (not retired)")
          : retired
            ? out.red(`retired since ${date}`)
            : out.yellow(`retires on ${date} (still routable)`);
    context.io.stdout.write(`${name}: ${status}\n`);
  }
  return retired ? EXIT_OK : EXIT_FAILURE;
}
