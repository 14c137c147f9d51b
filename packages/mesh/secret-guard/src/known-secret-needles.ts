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
  if (!Array.isArray(values) || values.some((value) => typeof value !== "string")) {
    throw new GuardArgumentError("secret guard: knownSecrets must be an array of strings.");
  }
  // Callers pass the same live token on every send, in a new array each time: the needles of
  // the last list are kept, and a list is compared value by value (it may have changed in place).
  if (values.length !== last.length || values.some((value, i) => value !== last[i])) {
    lastNeedles = [...new Set(values.flatMap(needlesOf))].sort((a, b) => b.length - a.length);
    last = [...values];
  }
  return lastNeedles;
}

/** The last list of values asked about, and its needles (longest first; read only by the callers). */
let last: readonly string[] = [];
let lastNeedles: readonly string[] = [];

function needlesOf(raw: string): string[] {
  const value = raw.trim();
  if (value.length < MIN_SECRET_LENGTH) return [];
  const bytes = [...new TextEncoder().encode(value)];
  const hex = bytes.map((byte) => (byte + 256).toString(16).slice(1)).join("");
  const binary = bytes.map((byte) => String.fromCharCode(byte)).join("");
  const upper = hex.toUpperCase();
  const needles = [value, hex, upper, encodeURIComponent(value), upper.replace(/../g, "%$&")];
  for (let offset = 0; offset < 3; offset++) {
    // Behind `offset` filler bytes; characters that mix in filler or padding bits dropped.
    const core = btoa("\0".repeat(offset) + binary).slice(
      Math.ceil((offset * 4) / 3),
      Math.floor(((offset + bytes.length) * 4) / 3),
    );
    needles.push(core, core.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  // Each is at least as long as the value: 16 or more bytes make 20 or more base64 characters.
  return needles;
}
