import { MAX_SEARCH_WORDS } from "@mesh/protocol";

/** A word: letters and digits of any script (what both back ends' indexes treat as a token). */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The words of a search (`q`), lowercase, in order, at most `MAX_SEARCH_WORDS`: runs of letters
 * and digits, everything else separates them, as the SQLite FTS5 `unicode61` tokenizer and the
 * PostgreSQL index (content with every other character made a space) split stored text. An
 * empty array when `q` holds no word.
 */
export function searchWords(q: string): string[] {
  const words = q.toLowerCase().match(WORD) ?? [];
  return words.slice(0, MAX_SEARCH_WORDS);
}

/** An FTS5 `MATCH` expression: every word, the last one as a prefix. Words hold no quote. */
export function fts5Match(words: readonly string[]): string {
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? "*" : ""}`).join(" ");
}

/** A PostgreSQL `tsquery` text: every word, the last one as a prefix. Words hold no operator. */
export function tsQuery(words: readonly string[]): string {
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(" & ");
}
