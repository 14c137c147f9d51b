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

/** An FTS5 `MATCH` expression: every word, as a whole token. Words hold no quote. */
export function fts5Words(words: readonly string[]): string {
  return words.map((word) => `"${word}"`).join(" ");
}

/** A PostgreSQL `tsquery` text: every word, the last one as a prefix. Words hold no operator. */
export function tsQuery(words: readonly string[]): string {
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(" & ");
}

/**
 * The SQL function, registered by the SQLite storage, that tells whether a content holds the
 * words given as a JSON array (`holdsWords`).
 */
export const HOLDS_WORDS_FUNCTION = "mesh_holds_words";

/**
 * Whether `content` holds every word (lowercase, from `searchWords`), the last one as a prefix
 * of one of its words: the search, judged on one text without an index.
 */
export function holdsWords(content: string, words: readonly string[]): boolean {
  const own: readonly string[] = content.toLowerCase().match(WORD) ?? [];
  return words.every((word, index) =>
    index === words.length - 1 ? own.some((token) => token.startsWith(word)) : own.includes(word),
  );
}
