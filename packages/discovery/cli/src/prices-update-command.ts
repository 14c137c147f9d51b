import { fetchJson } from "@discovery/core";
import {
  activePrices,
  DATASET_NAME,
  type DatasetProvider,
  PRICES,
  pricesFromDataset,
  usePriceData,
} from "@discovery/pricing";
import { CliError, EXIT_OK, withProgress } from "@mesh/cli-kit";
import * as v from "valibot";
import type { CommandContext } from "./command-context.js";
import { dataAgeDays } from "./data-age.js";
import { loadCachedPrices, writeCachedPrices } from "./prices-cache.js";

/** Where the dataset's releases are listed: the npm registry (`DISCOVERY_NPM_REGISTRY`). */
const DEFAULT_REGISTRY = "https://registry.npmjs.org";
/** The dataset's price data at a release tag (`DISCOVERY_PRICES_DATA_URL`; `{version}` is replaced). */
const DEFAULT_DATA_URL =
  "https://raw.githubusercontent.com/pydantic/genai-prices/v{version}/prices/data.json";
const TIMEOUT_MS = 15_000;

const RegistrySchema = v.object({
  "dist-tags": v.object({ latest: v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+$/)) }),
  time: v.record(v.string(), v.string()),
});
const DatasetSchema = v.pipe(
  v.array(
    v.looseObject({
      id: v.string(),
      models: v.array(v.looseObject({ id: v.string(), match: v.unknown(), prices: v.unknown() })),
    }),
  ),
  v.maxLength(1000),
);

export interface PricesUpdateOptions {
  registry?: string;
  dataUrl?: string;
}

/** `prices update` as JSON. */
export interface PricesUpdateReport {
  /** `updated`: the newer release is cached and used; `current`: nothing newer to fetch. */
  outcome: "updated" | "current";
  dataset: { name: string; version: string; releasedAt: string; ageDays: number };
  rows: number;
  /** The cache file written, or null when nothing was written. */
  path: string | null;
}

/**
 * `discovery prices update`: fetches the newest release of the open price dataset the build pins
 * (`@pydantic/genai-prices`: its version and date from the npm registry, its data from the
 * release tag), converts it as the build does, and caches it for every later command. A release
 * older than the bundled data (or the cached one) is refused with exit 1: prices never go back.
 */
export async function pricesUpdateCommand(
  context: CommandContext,
  options: PricesUpdateOptions,
): Promise<number> {
  loadCachedPrices(context);
  const registry = (
    options.registry ??
    context.env("DISCOVERY_NPM_REGISTRY") ??
    DEFAULT_REGISTRY
  ).replace(/\/+$/, "");
  const newest = await withProgress(context.io, "asking for the newest release", () =>
    newestRelease(registry),
  );
  const current = activePrices().dataset;
  if (newest.releasedAt < current.releasedAt) {
    throw new CliError({
      message: `the newest ${DATASET_NAME} release (${newest.version}, ${newest.releasedAt}) is older than the prices in use (${current.version}, ${current.releasedAt}); keeping them`,
      hint: "a registry or mirror that lags behind gives old releases: check DISCOVERY_NPM_REGISTRY",
    });
  }
  if (newest.version === current.version) return report(context, "current", null);
  const template = options.dataUrl ?? context.env("DISCOVERY_PRICES_DATA_URL") ?? DEFAULT_DATA_URL;
  const url = template.replaceAll("{version}", encodeURIComponent(newest.version));
  const providers = await withProgress(
    context.io,
    `fetching ${DATASET_NAME} ${newest.version}`,
    () => fetchDataset(url),
  );
  const file = convert(providers, newest);
  if (usePriceData(file) !== "used") {
    throw new CliError({
      message: `${DATASET_NAME} ${newest.version} did not convert into valid prices; keeping the prices in use`,
    });
  }
  return report(context, "updated", writeCachedPrices(context, file));
}

async function newestRelease(registry: string): Promise<{ version: string; releasedAt: string }> {
  const result = await fetchJson(`${registry}/${DATASET_NAME.replace("/", "%2f")}`, {
    schema: RegistrySchema,
    timeout: TIMEOUT_MS,
    label: "npm registry",
  });
  if (!result.ok) {
    throw new CliError({
      message: `cannot read the releases of ${DATASET_NAME}: ${result.error.message}`,
      hint: "check the network, or DISCOVERY_NPM_REGISTRY when you use a mirror",
    });
  }
  const data = result.data as v.InferOutput<typeof RegistrySchema>;
  const version = data["dist-tags"].latest;
  const releasedAt = data.time[version]?.slice(0, 10) ?? "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(releasedAt)) {
    throw new CliError({
      message: `the registry gives no release date for ${DATASET_NAME} ${version}`,
    });
  }
  return { version, releasedAt };
}

async function fetchDataset(url: string): Promise<DatasetProvider[]> {
  const result = await fetchJson(url, {
    schema: DatasetSchema,
    timeout: TIMEOUT_MS,
    label: "price dataset",
  });
  if (!result.ok) {
    throw new CliError({
      message: `cannot fetch the price dataset: ${result.error.message}`,
      hint: "check the network, or DISCOVERY_PRICES_DATA_URL when you use a mirror",
    });
  }
  return result.data as DatasetProvider[];
}

function convert(providers: DatasetProvider[], release: { version: string; releasedAt: string }) {
  try {
    return pricesFromDataset({ providers, ...release });
  } catch (error) {
    throw new CliError({
      message: `${DATASET_NAME} ${release.version} is not in the form this discovery understands (${(error as Error).message}); keeping the prices in use`,
      hint: "a newer @discovery/cli may read it",
    });
  }
}

function report(
  context: CommandContext,
  outcome: PricesUpdateReport["outcome"],
  path: string | null,
): number {
  const { dataset, rows } = activePrices();
  const result: PricesUpdateReport = {
    outcome,
    dataset: { ...dataset, ageDays: dataAgeDays(dataset.releasedAt) },
    rows: rows.length,
    path,
  };
  if (context.json) context.printJson(result);
  else {
    const what =
      outcome === "updated"
        ? `updated to ${dataset.name} ${dataset.version}`
        : `already current: ${dataset.name} ${dataset.version}`;
    const bundled = dataset.version === PRICES.dataset.version ? " (the bundled release)" : "";
    context.io.stdout.write(
      `prices ${what}${bundled}, released ${dataset.releasedAt} (${result.dataset.ageDays} days ago), ${rows.length} rows\n`,
    );
    if (path !== null) context.io.stdout.write(context.out.dim(`cached in ${path}\n`));
  }
  return EXIT_OK;
}
