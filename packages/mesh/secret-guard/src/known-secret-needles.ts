import { GuardArgumentError } from "./guard-argument-error.js";
import type { SecretGuardOptions } from "./secret-guard-options.js";

/** Shortest known secret considered (shorter values would refuse ordinary prose). */
const MIN_SECRET_LENGTH = 16;
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Base64 characters fully determined by `bytes` (no padding, no partial final character). */
function base64Core(bytes: Uint8Array): string {
  let out = "";
  let bits = 0;
  let buffer = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += B64[(buffer >> bits) & 63];
    }
  }
  return out;
}

function hex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

/**
 * Every string whose presence reveals one of the known secrets: the value itself, its hex
 * and percent-encoded forms, and its base64/base64url text at each of the three byte
 * alignments it can have inside a longer encoded blob (characters shared with neighbouring
 * bytes dropped). Sorted longest first so a match redacts as much as possible.
 */
export function knownSecretNeedles(options: SecretGuardOptions | undefined): string[] {
  const values = options?.knownSecrets;
  if (values === undefined) return [];
  if (!Array.isArray(values)) {
    throw new GuardArgumentError("secret guard: knownSecrets must be an array of strings.");
  }
  const needles = new Set<string>();
  for (const raw of values as unknown[]) {
    if (typeof raw !== "string") {
      throw new GuardArgumentError("secret guard: knownSecrets must be an array of strings.");
    }
    const value = raw.trim();
    if (value.length < MIN_SECRET_LENGTH) continue;
    for (const needle of needlesOf(value)) needles.add(needle);
  }
  return [...needles].sort((a, b) => b.length - a.length);
}

/** Encodings per secret value: callers pass the same live token on every send, so keep them. */
const cache = new Map<string, string[]>();
const CACHE_SIZE = 32;

function needlesOf(value: string): string[] {
  const cached = cache.get(value);
  if (cached) return cached;
  const bytes = new TextEncoder().encode(value);
  const hexText = hex(bytes);
  const needles = new Set([
    value,
    hexText,
    hexText.toUpperCase(),
    encodeURIComponent(value),
    hexText.toUpperCase().replace(/../g, "%$&"),
  ]);
  for (let offset = 0; offset < 3; offset++) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    // Characters that mix in the `offset` leading filler bytes are not the secret's own.
    const core = base64Core(padded).slice(Math.ceil((offset * 8) / 6));
    needles.add(core);
    needles.add(core.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  const result = [...needles]
    .filter((n) => n.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(value, result);
  return result;
}
