import type { DatabaseSync } from "node:sqlite";
import { filterConditions, messagesOfIds, type Sql } from "./filter-conditions.js";
import type { MessageQuery } from "./gateway-storage.js";
import { fts5Match, fts5Words, HOLDS_WORDS_FUNCTION, holdsWords } from "./search-words.js";

/** Registers `HOLDS_WORDS_FUNCTION` on `db` (1 or 0). */
export function registerHoldsWords(db: DatabaseSync): void {
  // One search calls it with the same words for every row: parse them once.
  let text = "";
  let words: string[] = [];
  db.function(HOLDS_WORDS_FUNCTION, { deterministic: true }, (content, given) => {
    if (given !== text) {
      text = String(given);
      words = JSON.parse(text) as string[];
    }
    return holdsWords(String(content), words) ? 1 : 0;
  });
}

/**
 * Candidate messages a search tests itself, in id order, before it turns to the FTS5 index:
 * fewer than on PostgreSQL, since each test is a call into JavaScript (about 1 µs).
 */
const PROBE_ROWS = { all: 2000, narrowed: 500 };

/**
 * A word search outside a thread on SQLite, oldest first from `afterId`. FTS5 streams a
 * search in rowid order only while every word is a whole token or a prefix of an indexed
 * length; a longer prefix of a common word makes it gather every row holding one (tens of ms
 * on 1 M messages). So, as on PostgreSQL, the query measures: it tests the first candidates in
 * id order (enough when the words are common); only when they hold too few matches does it ask
 * FTS5 for the rest, with the part of the search that matched fewer of them (all the words,
 * or the words before the last one, each row then tested for the last).
 */
export function sqliteSearchSql(query: MessageQuery, columns: string): Sql {
  const values: unknown[] = [];
  const p = (value: unknown) => {
    values.push(value);
    return `?${values.length}`;
  };
  const words = query.words ?? [];
  const holds = (column: string, some: readonly string[]) =>
    `${HOLDS_WORDS_FUNCTION}(${column}, ${p(JSON.stringify(some))})`;
  const after = p(query.afterId ?? 0);
  const limit = p(query.limit);
  const and = (filter: MessageQuery) =>
    filterConditions(filter, values, { backend: "sqlite", param: (i) => `?${i}` })
      .map((condition) => ` AND ${condition}`)
      .join("");
  const narrowed = [query.to, query.from, query.involving, query.between].some(
    (side) => side !== undefined,
  );
  const rows = narrowed ? PROBE_ROWS.narrowed : PROBE_ROWS.all;
  // The candidates, up to `count` (an SQL expression: 0 skips the scan).
  const branch = (side: string, where: string, count: string) =>
    `SELECT * FROM (SELECT m.id, m.content FROM messages m WHERE m.id > ${after}${side}${where} ORDER BY m.id LIMIT ${count})`;
  let head = (count: string) => branch("", and(query), count);
  if (query.involving !== undefined) {
    // One peer's sent and received sides, each in id order through its own index.
    const peer = p(query.involving);
    const where = and({ ...query, involving: undefined });
    head = (count) =>
      `SELECT * FROM (${branch(` AND m.from_node = ${peer}`, where, count)} UNION ALL ${branch(` AND m.to_node = ${peer} AND m.from_node <> ${peer}`, where, count)} ORDER BY id LIMIT ${count})`;
  }
  const where = and(query);
  const all = holds("h.content", words);
  const lastOnly = holds("h.content", words.slice(-1));
  const others = words.length > 1 ? holds("h.content", words.slice(0, -1)) : lastOnly;
  // Without the last word's prefix FTS5 streams whole tokens (one word: never used, see by_last).
  const exact = words.length > 1 ? fts5Words(words.slice(0, -1)) : fts5Match(words);
  // SQLite runs a FTS5 query even when a condition beside it is false; a LIMIT of 0 skips it.
  const rest = (gate: string, match: string, test: string) =>
    `SELECT * FROM (SELECT f.rowid AS id FROM messages_fts f JOIN messages m ON m.id = f.rowid WHERE messages_fts MATCH ${p(match)} AND f.rowid > (SELECT last FROM probe)${test}${where} ORDER BY f.rowid LIMIT (SELECT CASE WHEN more AND ${gate} THEN ${limit} ELSE 0 END FROM probe))`;
  const text = `WITH early AS MATERIALIZED (SELECT h.id FROM (${head(String(rows))}) AS h WHERE ${all} LIMIT ${limit}),
    probe AS MATERIALIZED (SELECT count(*) = ${rows} AS more, max(h.id) AS last, sum(${lastOnly}) <= sum(${others}) AS by_last
      FROM (${head(`(CASE WHEN (SELECT count(*) FROM early) < ${limit} THEN ${rows} ELSE 0 END)`)}) AS h),
    later AS MATERIALIZED (${rest("by_last", fts5Match(words), "")}
      UNION ALL ${rest("NOT by_last", exact, ` AND ${holds("m.content", words)}`)})
    ${messagesOfIds(columns, `SELECT id FROM early UNION ALL SELECT id FROM later ORDER BY id LIMIT ${limit}`, query.maxBytes, p)}`;
  return { text, values };
}
