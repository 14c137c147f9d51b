import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { type PricesFile, usePriceData } from "@discovery/pricing";
import type { CommandContext } from "./command-context.js";

/** Largest cached price file read back: the dataset's whole conversion is far below it. */
const MAX_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Where `discovery prices update` keeps the fetched prices: `$DISCOVERY_CACHE_DIR/prices.json`,
 * else `$XDG_CACHE_HOME/discovery/prices.json`, else `~/.cache/discovery/prices.json`.
 */
export function pricesCachePath(context: CommandContext): string {
  const dir =
    context.env("DISCOVERY_CACHE_DIR") ??
    join(context.env("XDG_CACHE_HOME") ?? join(homedir(), ".cache"), "discovery");
  return join(dir, "prices.json");
}

/**
 * Makes the price lookups read the cached prices when the user fetched a release newer than the
 * bundled one. A missing, unreadable, oversized or invalid cache file leaves the bundled prices
 * (an invalid one with a warning: `discovery prices update` writes it again).
 */
export function loadCachedPrices(context: CommandContext): void {
  const path = pricesCachePath(context);
  let text: string;
  try {
    const buffer = readFileSync(path);
    if (buffer.length > MAX_CACHE_BYTES) throw new Error("too large");
    text = buffer.toString("utf8");
  } catch {
    return;
  }
  let outcome: string;
  try {
    outcome = usePriceData(JSON.parse(text));
  } catch {
    outcome = "invalid";
  }
  if (outcome === "invalid") {
    context.logger.warn(
      `ignoring ${path}: not a price file (\`discovery prices update\` writes a new one)`,
    );
  }
}

/** Writes `file` to the cache path through a temporary file, so a reader never sees half of it. */
export function writeCachedPrices(context: CommandContext, file: PricesFile): string {
  const path = pricesCachePath(context);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`);
  renameSync(temporary, path);
  return path;
}
