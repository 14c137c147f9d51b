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
  const encoder = new TextEncoder();
  for (const raw of values as unknown[]) {
    if (typeof raw !== "string") {
      throw new GuardArgumentError("secret guard: knownSecrets must be an array of strings.");
    }
    const value = raw.trim();
    if (value.length < MIN_SECRET_LENGTH) continue;
    const bytes = encoder.encode(value);
    const hexText = hex(bytes);
    needles.add(value);
    needles.add(hexText);
    needles.add(hexText.toUpperCase());
    needles.add(encodeURIComponent(value));
    needles.add(hexText.toUpperCase().replace(/../g, "%$&"));
    for (let offset = 0; offset < 3; offset++) {
      const padded = new Uint8Array(offset + bytes.length);
      padded.set(bytes, offset);
      // Characters that mix in the `offset` leading filler bytes are not the secret's own.
      const core = base64Core(padded).slice(Math.ceil((offset * 8) / 6));
      needles.add(core);
      needles.add(core.replace(/\+/g, "-").replace(/\//g, "_"));
    }
  }
  return [...needles]
    .filter((n) => n.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
}
