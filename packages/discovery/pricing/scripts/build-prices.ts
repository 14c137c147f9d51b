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
import {
  ANTHROPIC_LONG_CONTEXT,
  ANTHROPIC_PRICE_TABLE,
  ANTHROPIC_PRICES_VERIFIED_AT,
} from "../src/anthropic-price-table.ts";
import { convertDataset, DATASET_PROVIDERS, type DatasetProvider } from "../src/dataset-rows.ts";

/** Release date of the pinned dataset version (npm publish time of @pydantic/genai-prices 0.1.8). */
export const DATASET_RELEASED_AT = "2026-09-23";

/** The whole prices.json document. */
export function buildPrices() {
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
  const text = `${JSON.stringify(buildPrices(), null, 2)}\n`;
  // `--stdout` prints instead of writing: the freshness test compares it with the file.
  if (process.argv.includes("--stdout")) process.stdout.write(text);
  else writeFileSync(fileURLToPath(new URL("../src/prices.json", import.meta.url)), text);
}
