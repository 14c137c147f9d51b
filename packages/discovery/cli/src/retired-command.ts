import { canonicalProvider } from "@discovery/normalize";
import { isRetired, retirementDate } from "@discovery/retirement";
import { CliError, EXIT_OK } from "@mesh/cli-kit";
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
 * `discovery retired <provider> <model>`: whether the model is retired. Exits 0 whenever it
 * answers, retired or not (saying which; `retired` in JSON), 1 only when it cannot answer (a
 * vendor it does not know), 2 for a usage error.
 */
export async function retiredCommand(
  context: CommandContext,
  provider: string,
  model: string,
  options: RetiredCommandOptions,
): Promise<number> {
  if (canonicalProvider(provider) === null) {
    throw new CliError(`cannot tell whether '${model}' is retired: unknown vendor '${provider}'`, {
      hint: "vendors are openai, deepseek, xai (grok), anthropic (claude), google (gemini)",
    });
  }
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
  return EXIT_OK;
}
