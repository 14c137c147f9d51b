import type { SecretMatch } from "./credential-leak-error.js";
import { findKnownSecrets } from "./find-known-secrets.js";
import { knownSecretNeedles } from "./known-secret-needles.js";
import { scanFirst } from "./scanner.js";
import { requireString, type SecretGuardOptions } from "./secret-guard-options.js";
import { toSecretMatch } from "./to-secret-match.js";

/**
 * The first credential in `content`, or null. Known secrets are checked first, then the
 * twelve shapes in order: the earliest rule that matches anywhere decides, reported at its
 * leftmost match. Linear time in the content length for every input.
 */
export function findSecret(content: string, options?: SecretGuardOptions): SecretMatch | null {
  const text = requireString(content);
  const [known] = findKnownSecrets(text, knownSecretNeedles(options));
  if (known !== undefined) return toSecretMatch(known);
  const raw = scanFirst(text);
  return raw === null ? null : toSecretMatch(raw);
}
