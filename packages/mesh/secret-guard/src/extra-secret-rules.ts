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
  dotted: "\\w.=-",
  b64url: "\\w=-",
  b64any: "\\w+/=-",
  updash: "0-9A-Z-",
} as const;

/** Name of an alphabet in `ALPHABETS`. */
export type Alphabet = keyof typeof ALPHABETS;

/**
 * Structural checks for the rules whose match is not a literal then one run of an alphabet.
 * Each is one reader in the scanner; the record states its shape in regex notation.
 */
export type StructuralCheck = "slack" | "userinfo" | "service-account" | "private-key";

/** A run of one alphabet: at least `min`, at most `max` characters (no `max`: no bound). */
export interface Run {
  readonly chars: Alphabet;
  readonly min: number;
  readonly max?: number;
}

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
  readonly body?: Run;
  /**
   * What follows the body, in order: literal separators and further runs. Each run of
   * varying length is followed by a separator none of its characters begins, so reading
   * every run as far as it goes finds what a regex finds.
   */
  readonly rest?: readonly (Run | string)[];
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

/** A run as regex source: its class and repetition. */
function runSource({ chars, min, max }: Run): string {
  const cls = chars === "word" ? "\\w" : `[${ALPHABETS[chars]}]`;
  return cls + (max === min ? `{${min}}` : `{${min},${max ?? ""}}`);
}

/**
 * After the last part, no character of its alphabet nor a word character follows: an open run
 * of an alphabet holding \w needs no check, after an alphabet within \w it is a word boundary.
 */
function endSource(last: Run | string): string {
  if (typeof last === "string") return /\w$/.test(last) ? "\\b" : "";
  if (last.max === undefined && ALPHABETS[last.chars].startsWith("\\w")) return "";
  const re = new RegExp(`[${ALPHABETS[last.chars]}]`);
  const others = [..."./+=~-"].filter((c) => re.test(c)).join("");
  return others ? `(?![\\w${others}])` : "\\b";
}

/** Regex source of what follows the literal (assignment, then body or check). */
export function tailSource(record: RuleRecord, exact: boolean): string {
  const assign = record.assign ? ASSIGN : "";
  if (record.check) return assign + (exact ? record.check.shape : record.check.lead);
  const body = record.body as Run;
  if (!exact) return `${assign}${runSource({ chars: body.chars, min: body.min, max: body.min })}`;
  const parts = [body, ...(record.rest ?? [])];
  const source = parts.map((part) =>
    typeof part === "string" ? literalSource(part) : runSource(part),
  );
  return assign + source.join("") + endSource(parts[parts.length - 1] as Run | string);
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
