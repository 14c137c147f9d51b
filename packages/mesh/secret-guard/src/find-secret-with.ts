import type { SecretMatch } from "./credential-leak-error.js";
import { findKnownSecrets } from "./find-known-secrets.js";
import { knownSecretNeedles } from "./known-secret-needles.js";
import { type RuleExtension, scanFirst } from "./scanner.js";
import { requireString, resolveRules, type SecretGuardOptions } from "./secret-guard-options.js";
import { toSecretMatch } from "./to-secret-match.js";

/** `findSecret` over the twelve shapes and, as `options.rules` says, the `available` extension. */
export function findSecretWith(
  content: string,
  options: SecretGuardOptions | undefined,
  available: RuleExtension | null,
): SecretMatch | null {
  const text = requireString(content);
  const extension = resolveRules(options, available);
  const [known] = findKnownSecrets(text, knownSecretNeedles(options));
  if (known !== undefined) return toSecretMatch(known, extension);
  const raw = options?.rules === "none" ? null : scanFirst(text, extension);
  return raw === null ? null : toSecretMatch(raw, extension);
}
