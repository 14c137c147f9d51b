import type { SecretMatch } from "./credential-leak-error.js";
import { findKnownSecrets } from "./find-known-secrets.js";
import { knownSecretNeedles } from "./known-secret-needles.js";
import { type RawMatch, type RuleExtension, scanAll } from "./scanner.js";
import { requireString, resolveRules, type SecretGuardOptions } from "./secret-guard-options.js";
import { KNOWN_SECRET_RULE_ID } from "./secret-rules.js";
import { toSecretMatch } from "./to-secret-match.js";

const KNOWN_MARKER = `[REDACTED:${KNOWN_SECRET_RULE_ID}]`;

/** `findAllSecrets` over the twelve shapes and, as `options.rules` says, the `available` extension. */
export function findAllSecretsWith(
  content: string,
  options: SecretGuardOptions | undefined,
  available: RuleExtension | null,
): SecretMatch[] {
  const text = requireString(content);
  const extension = resolveRules(options, available);
  const known = findKnownSecrets(text, knownSecretNeedles(options));
  const view = (raw: RawMatch) => toSecretMatch(raw, extension);
  const scan = (content: string) => (options?.rules === "none" ? [] : scanAll(content, extension));
  if (known.length === 0) return scan(text).map(view);
  // Scan the text with the known secrets already redacted, then map positions back.
  let masked = "";
  let at = 0;
  for (const match of known) {
    masked += text.slice(at, match.index) + KNOWN_MARKER;
    at = match.end;
  }
  masked += text.slice(at);
  const merged: RawMatch[] = [];
  let k = 0;
  let shift = 0; // original index = masked index - shift, before the next known match
  for (const match of scan(masked)) {
    while (k < known.length && (known[k] as RawMatch).index + shift < match.index) {
      const next = known[k] as RawMatch;
      merged.push(next);
      shift += KNOWN_MARKER.length - (next.end - next.index);
      k++;
    }
    merged.push({ rule: match.rule, index: match.index - shift, end: match.end - shift });
  }
  merged.push(...known.slice(k));
  return merged.map(view);
}
