import { hash, randomBytes, timingSafeEqual } from "node:crypto";

/** Entropy of an issued peer token, in bytes. */
const TOKEN_BYTES = 36;

/**
 * A new peer token: `mesh_` and 48 base64url characters (288 bits). The long run of
 * `[A-Za-z0-9_-]` is what the client's gateway-token guard recognises.
 */
export function generatePeerToken(): string {
  return `mesh_${randomBytes(TOKEN_BYTES).toString("base64url")}`;
}

/** SHA-256 of a token, hex; only this is stored. One-shot `hash`: it runs on every request. */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}

/** Constant-time equality of two hex SHA-256 digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
