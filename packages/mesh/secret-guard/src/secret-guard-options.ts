import { GuardArgumentError } from "./guard-argument-error.js";

/** Options shared by every scanning function. */
export interface SecretGuardOptions {
  /**
   * Exact secret values that refuse the content when they appear in it (the mesh client
   * passes its live gateway token). Each is trimmed; values under 16 characters are ignored.
   * Also found in their base64, base64url, hex and percent-encoded forms. Checked before the
   * twelve shapes, reported as rule `known-secret`. Default: none.
   */
  knownSecrets?: readonly string[] | undefined;
}

/** Throws a TypeError (also a MeshError) for content that is not a string: unscannable content is refused, never passed. */
export function requireString(content: unknown): string {
  if (typeof content !== "string") {
    throw new GuardArgumentError(
      `secret guard: content must be a string, got ${content === null ? "null" : typeof content}; convert it to text before scanning.`,
    );
  }
  return content;
}
