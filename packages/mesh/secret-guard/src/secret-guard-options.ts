import { GuardArgumentError } from "./guard-argument-error.js";
import type { RuleExtension } from "./scanner.js";

/** Options shared by every scanning function. */
export interface SecretGuardOptions {
  /**
   * Exact secret values that refuse the content when they appear in it (the mesh client
   * passes its live gateway token). Each is trimmed; values under 16 characters are ignored.
   * Also found in their base64, base64url, hex and percent-encoded forms. Checked before the
   * shapes, reported as rule `known-secret`. Default: none.
   */
  knownSecrets?: readonly string[] | undefined;
  /**
   * Which shapes to look for: `'spec'` the spec's twelve (`SECRET_RULES`) only, `'all'` those
   * twelve and then `EXTRA_SECRET_RULES`, `'none'` no shape at all: only `knownSecrets` are
   * looked for (a fraction of the cost, for a caller that needs no more). The twelve keep their
   * order and results with `'spec'` and `'all'`: the extra rules only report what the twelve
   * let through. Default: `'all'` (the entry `@mesh/secret-guard/spec` has only the twelve and
   * refuses `'all'`).
   */
  rules?: "spec" | "all" | "none" | undefined;
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

/**
 * The extension `options.rules` asks for (null: the twelve only, or with `'none'` nothing to
 * scan for), from those the entry has.
 */
export function resolveRules(
  options: SecretGuardOptions | undefined,
  available: RuleExtension | null,
): RuleExtension | null {
  const rules = options?.rules;
  if (rules === "spec" || rules === "none") return null;
  if (rules === undefined || (rules === "all" && available)) return available;
  throw new GuardArgumentError(
    "secret guard: rules must be 'spec', 'all' or 'none' (@mesh/secret-guard).",
  );
}
