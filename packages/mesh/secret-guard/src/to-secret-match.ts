import type { SecretMatch } from "./credential-leak-error.js";
import type { RawMatch, RuleExtension } from "./scanner.js";
import { KNOWN_SECRET_LABEL, KNOWN_SECRET_RULE_ID, SECRET_RULES } from "./secret-rules.js";

/** Public view of an engine match: rule id, label and position only. */
export function toSecretMatch(raw: RawMatch, extension: RuleExtension | null): SecretMatch {
  // Rule 0 (a known secret) is neither: both indexes are negative.
  const rule = SECRET_RULES[raw.rule - 1] ?? extension?.rules[raw.rule - 1 - SECRET_RULES.length];
  return {
    ruleId: rule?.id ?? KNOWN_SECRET_RULE_ID,
    label: rule?.label ?? KNOWN_SECRET_LABEL,
    index: raw.index,
    length: raw.end - raw.index,
  };
}
