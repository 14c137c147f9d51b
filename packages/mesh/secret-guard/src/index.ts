export { assertNoSecrets } from "./assert-no-secrets.js";
export { CredentialLeakError, type SecretMatch } from "./credential-leak-error.js";
export {
  ALPHABETS,
  type Alphabet,
  EXTRA_SECRET_RULES,
  type ExtraSecretRule,
  type ExtraSecretRuleId,
  type RuleRecord,
  type Run,
  type StructuralCheck,
} from "./extra-secret-rules.js";
export { findAllSecrets } from "./find-all-secrets.js";
export { findSecret } from "./find-secret.js";
export { redactSecrets } from "./redact-secrets.js";
export type { SecretGuardOptions } from "./secret-guard-options.js";
export {
  KNOWN_SECRET_LABEL,
  KNOWN_SECRET_RULE_ID,
  SECRET_RULES,
  type SecretRule,
  type SecretRuleId,
} from "./secret-rules.js";
