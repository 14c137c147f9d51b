import { RULE_RECORDS } from "./rule-records.js";
import type { SecretRule } from "./secret-rules.js";

/**
 * Alphabets of a rule's body, as the inside of a regex character class. Names, not free
 * text, so that the scanner has one class table entry for each.
 */
export const ALPHABETS = {
  alnum: "A-Za-z0-9",
  alpha: "A-Za-z",
  word: "\\w",
  run: "\\w-",
  upnum: "0-9A-Z",
  digit: "0-9",
  base64: "A-Za-z0-9/+=",
  path: "A-Za-z0-9/",
  hex: "a-f0-9",
  anyhex: "a-fA-F0-9",
  lowernum: "a-z0-9",
} as const;

/** Name of an alphabet in `ALPHABETS`. */
export type Alphabet = keyof typeof ALPHABETS;

/**
 * Structural checks for the rules whose match is not a literal then one run of an alphabet.
 * Each is one reader in the scanner; the record states its shape in regex notation.
 */
export type StructuralCheck = "slack" | "userinfo" | "service-account" | "private-key";

/** One extra rule, written once: scanner tables, descriptions and test regexes come from it. */
export interface RuleRecord {
  /** Stable machine-readable id, used in `[REDACTED:<id>]`. */
  readonly id: string;
  /** Human label quoted in error messages. */
  readonly label: string;
  /** The vendor's page that documents the token format, prefix or variable name. */
  readonly source: string;
  /** The literals a match starts with, any one of them (case-sensitive). */
  readonly prefixes: readonly string[];
  /** The literal is a variable name: `["']?[ \t]*[=:][ \t]*["']?` comes before the body. */
  readonly assign?: true;
  /** The body after the literal: its alphabet and length (no `max`: as long as the run goes). */
  readonly body?: { readonly chars: Alphabet; readonly min: number; readonly max?: number };
  /** Instead of a body: a structural check, its exact shape after the literal, and what every match of it starts with (linear in a regex engine). */
  readonly check?: {
    readonly name: StructuralCheck;
    readonly shape: string;
    readonly lead: string;
    readonly description?: string;
  };
}

/** A credential shape beyond the spec's twelve, with where its format is documented. */
export interface ExtraSecretRule extends Omit<SecretRule, "id">, Omit<RuleRecord, "id"> {
  readonly id: ExtraSecretRuleId;
  /** The whole shape as JavaScript regex source (`description` is it, or says it in words). */
  readonly pattern: string;
}

/** Ids of the extra shapes, in their order (after the spec's twelve). */
export type ExtraSecretRuleId = (typeof RULE_RECORDS)[number]["id"];

/** A literal as regex source. */
export function literalSource(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}

/** Between a variable name and its value: optional closing quote, `=` or `:`, optional quote. */
export const ASSIGN = `["']?[ \\t]*[=:][ \\t]*["']?`;

/** Regex source of what follows the literal (assignment, then body or check). */
export function tailSource(record: RuleRecord, exact: boolean): string {
  const assign = record.assign ? ASSIGN : "";
  if (record.check) return assign + (exact ? record.check.shape : record.check.lead);
  const { chars, min, max } = record.body as NonNullable<RuleRecord["body"]>;
  const cls = chars === "word" ? "\\w" : `[${ALPHABETS[chars]}]`;
  if (!exact) return `${assign}${cls}{${min}}`;
  const times = max === min ? `{${min}}` : `{${min},${max ?? ""}}`;
  // No character of the body, nor a word character, follows: an open run of an alphabet
  // holding \w needs no check, and after an alphabet within \w it is a word boundary.
  if (max === undefined && ALPHABETS[chars].startsWith("\\w")) return assign + cls + times;
  const others = [..."/+=-"].filter((c) => new RegExp(`[${ALPHABETS[chars]}]`).test(c)).join("");
  const after = others ? `(?![\\w${others}])` : "\\b";
  return assign + cls + times + after;
}

/** The whole shape: a literal (after a word boundary when it starts with a word character), then its tail. */
export function patternSource(record: RuleRecord): string {
  const literals = record.prefixes.map((p) => (/^\w/.test(p) ? "\\b" : "") + literalSource(p));
  const head = literals.length === 1 ? literals[0] : `(?:${literals.join("|")})`;
  return head + tailSource(record, true);
}

/**
 * The shapes `rules: 'all'` adds after the spec's twelve, in order (the first matching shape
 * decides). Same notation as `SECRET_RULES`: `\b` is an ASCII word boundary, every shape is
 * case-sensitive. Each names the vendor page its format comes from.
 */
export const EXTRA_SECRET_RULES: readonly ExtraSecretRule[] = Object.freeze(
  RULE_RECORDS.map((record: RuleRecord) => {
    const pattern = patternSource(record);
    const description = record.check?.description ?? pattern;
    return Object.freeze({ ...record, id: record.id as ExtraSecretRuleId, pattern, description });
  }),
);
