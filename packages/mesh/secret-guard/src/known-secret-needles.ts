import { GuardArgumentError } from "./guard-argument-error.js";
import type { SecretGuardOptions } from "./secret-guard-options.js";

/** Shortest known secret considered (shorter values would refuse ordinary prose). */
const MIN_SECRET_LENGTH = 16;

/**
 * Every string whose presence reveals one of the known secrets: the value itself, its hex
 * and percent-encoded forms, and its base64/base64url text at each of the three byte
 * alignments it can have inside a longer encoded blob (characters shared with neighbouring
 * bytes dropped). Sorted longest first so a match redacts as much as possible.
 */
export function knownSecretNeedles(options: SecretGuardOptions | undefined): readonly string[] {
  const values: unknown = options?.knownSecrets;
  if (values === undefined) return [];
  for (const entry of recent) if (sameStrings(values, entry.values)) return entry.needles;
  if (!Array.isArray(values) || values.some((value) => typeof value !== "string")) {
    throw new GuardArgumentError("secret guard: knownSecrets must be an array of strings.");
  }
  const strings = [...(values as string[])];
  const needles = strings.flatMap((raw) => {
    const value = raw.trim();
    return value.length < MIN_SECRET_LENGTH ? [] : needlesOf(value);
  });
  const entry = {
    values: strings,
    needles: [...new Set(needles)].sort((a, b) => b.length - a.length),
  };
  if (recent.unshift(entry) > RECENT_LISTS) recent.pop();
  return entry.needles;
}

/**
 * The last lists and their needles: a client or a gateway passes the same live tokens on every
 * call (both may share a process), and sorting their encodings cost more than the scan of a
 * short message. Compared by value, since a caller may change its array between calls.
 */
const recent: { values: readonly string[]; needles: readonly string[] }[] = [];
const RECENT_LISTS = 8;

function sameStrings(values: unknown, known: readonly string[]): boolean {
  if (!Array.isArray(values) || values.length !== known.length) return false;
  for (let i = 0; i < known.length; i++) if (values[i] !== known[i]) return false;
  return true;
}

/** Encodings per secret value: callers pass the same live token on every send, so keep them. */
const cache = new Map<string, string[]>();
const CACHE_SIZE = 32;

function needlesOf(value: string): string[] {
  let needles = cache.get(value);
  if (needles === undefined) {
    const bytes = [...new TextEncoder().encode(value)];
    const hex = bytes.map((byte) => (byte + 256).toString(16).slice(1)).join("");
    const binary = bytes.map((byte) => String.fromCharCode(byte)).join("");
    const upper = hex.toUpperCase();
    needles = [value, hex, upper, encodeURIComponent(value), upper.replace(/../g, "%$&")];
    for (let offset = 0; offset < 3; offset++) {
      // Behind `offset` filler bytes; characters that mix in filler or padding bits dropped.
      const core = btoa("\0".repeat(offset) + binary).slice(
        Math.ceil((offset * 4) / 3),
        Math.floor(((offset + bytes.length) * 4) / 3),
      );
      needles.push(core, core.replace(/\+/g, "-").replace(/\//g, "_"));
    }
    needles = needles.filter((needle) => needle.length >= MIN_SECRET_LENGTH);
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(value, needles);
  }
  return needles;
}
