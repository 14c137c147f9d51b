/*
 * The spec-only entry, `@mesh/secret-guard/spec`: the same functions with only the spec's
 * twelve shapes, for bundles that should not carry the extra rules. `rules: 'all'` is
 * refused here rather than quietly scanning for less.
 */
import type { SecretMatch } from "./credential-leak-error.js";
import { CredentialLeakError } from "./credential-leak-error.js";
import { findAllSecretsWith } from "./find-all-secrets-with.js";
import { findSecretWith } from "./find-secret-with.js";
import { redactMatches } from "./redact-matches.js";
import type { SecretGuardOptions } from "./secret-guard-options.js";

export { CredentialLeakError, type SecretMatch } from "./credential-leak-error.js";
export type { SecretGuardOptions } from "./secret-guard-options.js";
export {
  KNOWN_SECRET_LABEL,
  KNOWN_SECRET_RULE_ID,
  SECRET_RULES,
  type SecretRule,
  type SecretRuleId,
} from "./secret-rules.js";

/** `findSecret` of the main entry, with the spec's twelve shapes only. */
export function findSecret(content: string, options?: SecretGuardOptions): SecretMatch | null {
  return findSecretWith(content, options, null);
}

/** `findAllSecrets` of the main entry, with the spec's twelve shapes only. */
export function findAllSecrets(content: string, options?: SecretGuardOptions): SecretMatch[] {
  return findAllSecretsWith(content, options, null);
}

/** `assertNoSecrets` of the main entry, with the spec's twelve shapes only. */
export function assertNoSecrets(content: string, options?: SecretGuardOptions): void {
  const match = findSecret(content, options);
  if (match !== null) throw new CredentialLeakError(match);
}

/** `redactSecrets` of the main entry, with the spec's twelve shapes only. */
export function redactSecrets(content: string, options?: SecretGuardOptions): string {
  return redactMatches(content, findAllSecrets(content, options));
}
