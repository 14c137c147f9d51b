import type { SecretMatch } from "./credential-leak-error.js";
import { findKnownSecrets } from "./find-known-secrets.js";
import { knownSecretNeedles } from "./known-secret-needles.js";
import { type RawMatch, scanAll } from "./scanner.js";
import { requireString, type SecretGuardOptions } from "./secret-guard-options.js";
import { KNOWN_SECRET_RULE_ID } from "./secret-rules.js";
import { toSecretMatch } from "./to-secret-match.js";

const KNOWN_MARKER = `[REDACTED:${KNOWN_SECRET_RULE_ID}]`;

/**
 * Every credential in `content`, non-overlapping, in content order, for scanning whole
 * documents (logs, transcripts). Known secrets come first: their occurrences (leftmost,
 * longest) are taken out, then the twelve shapes are searched in what remains, as though
 * each taken match had already been replaced by its `[REDACTED:<ruleId>]` marker. Among the
 * shapes, left to right, at each position the first rule in order that matches there wins;
 * after a match the next character starts a word, and an `AKIA` later on the line counts as
 * the `aws` context of the aws secret heuristic (its marker says aws). So the output of
 * `redactSecrets` holds nothing `findSecret` would refuse. Linear time.
 */
export function findAllSecrets(content: string, options?: SecretGuardOptions): SecretMatch[] {
  const text = requireString(content);
  const known = findKnownSecrets(text, knownSecretNeedles(options));
  if (known.length === 0) return scanAll(text).map(toSecretMatch);
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
  for (const match of scanAll(masked)) {
    while (k < known.length && (known[k] as RawMatch).index + shift < match.index) {
      const next = known[k] as RawMatch;
      merged.push(next);
      shift += KNOWN_MARKER.length - (next.end - next.index);
      k++;
    }
    merged.push({ rule: match.rule, index: match.index - shift, end: match.end - shift });
  }
  merged.push(...known.slice(k));
  return merged.map(toSecretMatch);
}
