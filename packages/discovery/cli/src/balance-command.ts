import { readDeepSeekLegacyKey } from "@discovery/core";
import { fetchDeepSeekBalance } from "@discovery/cost";
import { CliError, EXIT_OK, formatTable, withProgress } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { endpoint } from "./endpoints.js";

export interface BalanceCommandOptions {
  baseUrl?: string;
}

/**
 * `discovery balance deepseek`: the DeepSeek credit balance. Needs `DEEPSEEK_API_KEY` (or the
 * legacy key file). JSON: `{ "balance": DeepSeekBalance }`. Exits 1 without a key or a balance.
 */
export async function balanceCommand(
  context: CommandContext,
  options: BalanceCommandOptions,
): Promise<number> {
  const apiKey = context.env("DEEPSEEK_API_KEY") ?? readDeepSeekLegacyKey();
  if (apiKey === undefined) {
    throw new CliError({
      message: "no DeepSeek API key",
      hint: "set DEEPSEEK_API_KEY (or put DEEPSEEK_API_KEY=... in ~/.deepseek/.env)",
    });
  }
  const baseUrl = endpoint(context, "deepseekBalance", options.baseUrl);
  const balance = await withProgress(context.io, "fetching the DeepSeek balance", () =>
    fetchDeepSeekBalance({
      apiKey,
      logger: context.logger,
      ...(baseUrl !== undefined ? { baseUrl } : {}),
    }),
  );
  context.flushWarnings();
  if (balance === null) {
    throw new CliError({
      message: "the DeepSeek balance could not be read",
      hint: "check that DEEPSEEK_API_KEY is a valid key (the warning above says what failed)",
    });
  }
  if (context.json) {
    context.printJson({ balance });
    return EXIT_OK;
  }
  const { out } = context;
  context.io.stdout.write(
    formatTable(
      [
        { header: "CURRENCY" },
        { header: "TOTAL", align: "right" },
        { header: "GRANTED", align: "right" },
        { header: "TOPPED UP", align: "right" },
        { header: "AVAILABLE" },
      ],
      [
        [
          balance.currency,
          out.bold(balance.totalBalance.toFixed(2)),
          balance.grantedBalance.toFixed(2),
          balance.toppedUpBalance.toFixed(2),
          balance.isAvailable ? out.green("yes") : out.red("no"),
        ],
      ],
      out,
    ),
  );
  return EXIT_OK;
}
