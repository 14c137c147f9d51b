/*
 * `@mesh/secret-guard/extra`: the rules `rules: 'all'` adds after the spec's twelve. The
 * main entry's functions use them by default; `@mesh/secret-guard/spec` leaves them out.
 */
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
