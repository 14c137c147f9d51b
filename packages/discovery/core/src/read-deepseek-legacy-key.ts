import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { envValue, resolveCredential } from "./resolve-credential.js";

const KEY_PREFIX = "DEEPSEEK_API_KEY=";

/**
 * The DeepSeek key from the legacy env file: `path` when given, else
 * `DEEPSEEK_LEGACY_ENV_PATH` when set and not blank, else `~/.deepseek/.env`.
 * The first trimmed line starting with `DEEPSEEK_API_KEY=` wins; its value is
 * trimmed and unquoted. A missing or unreadable file, or an empty value, gives
 * undefined.
 */
export function readDeepSeekLegacyKey(path?: string): string | undefined {
  // An empty DEEPSEEK_LEGACY_ENV_PATH counts as unset, like an empty key.
  const file =
    path ??
    resolveCredential(envValue("DEEPSEEK_LEGACY_ENV_PATH")) ??
    join(homedir(), ".deepseek", ".env");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line.startsWith(KEY_PREFIX)) continue;
    const value = stripQuotes(stripQuotes(line.slice(KEY_PREFIX.length).trim(), '"'), "'");
    return value === "" ? undefined : value;
  }
  return undefined;
}

function stripQuotes(value: string, quote: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value[start] === quote) start++;
  while (end > start && value[end - 1] === quote) end--;
  return value.slice(start, end);
}
