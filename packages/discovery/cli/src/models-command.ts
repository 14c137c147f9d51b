import { listModels, type ModelInfo } from "@discovery/catalog";
import { CliError, EXIT_OK, formatTable, withProgress } from "@mesh/cli-kit";
import type { CommandContext } from "./command-context.js";
import { catalogEndpoints } from "./endpoints.js";
import { count } from "./format-number.js";

export interface ModelsCommandOptions {
  provider?: string;
  baseUrl?: string;
}

/**
 * `discovery models [--provider p]`: the AIMLAPI catalog, or the vendors' own lists when it
 * cannot be fetched. An empty result exits 1. JSON: `{ "models": ModelInfo[] }`.
 */
export async function modelsCommand(
  context: CommandContext,
  options: ModelsCommandOptions,
): Promise<number> {
  const models = await withProgress(context.io, "fetching the model catalog", () =>
    listModels({
      ...catalogEndpoints(context, options.baseUrl),
      ...(options.provider !== undefined ? { provider: options.provider } : {}),
      logger: context.logger,
    }),
  );
  context.flushWarnings();
  if (context.json) context.printJson({ models });
  else if (models.length > 0) context.io.stdout.write(modelTable(context, models));
  if (models.length === 0) {
    throw new CliError(
      `no models found${options.provider !== undefined ? ` for provider '${options.provider}'` : ""}`,
      {
        hint:
          options.provider !== undefined
            ? "providers are openai, deepseek, xai (grok), anthropic (claude), google (gemini) or a catalog developer label"
            : "the catalog could not be read: set OPENAI_API_KEY, DEEPSEEK_API_KEY or XAI_API_KEY for the vendors' own lists, or check DISCOVERY_AIMLAPI_URL",
      },
    );
  }
  return EXIT_OK;
}

function modelTable(context: CommandContext, models: readonly ModelInfo[]): string {
  const { out } = context;
  return formatTable(
    [
      { header: "ID" },
      { header: "DEVELOPER" },
      { header: "TYPE" },
      { header: "CONTEXT", align: "right" },
      { header: "MAX OUT", align: "right" },
      { header: "SOURCE" },
    ],
    models.map((m) => [
      out.cyan(m.id),
      m.developer,
      m.type ?? "-",
      count(m.contextLength),
      count(m.maxTokens),
      out.dim(m.source),
    ]),
    out,
  );
}
