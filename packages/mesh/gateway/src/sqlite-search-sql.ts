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
 * Candidate messages a search reads in id order before it turns to the FTS5 index: the whole
 * table's are read in rowid order, one peer's through its indexes.
 */
const PROBE_ROWS = { all: 10_000, narrowed: 2000 };

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
  const branch = (side: string, where: string) =>
    `SELECT * FROM (SELECT m.id, m.content FROM messages m WHERE m.id > ${after}${side}${where} ORDER BY m.id LIMIT ${rows})`;
  let head: string;
  if (query.involving === undefined) head = branch("", and(query));
  else {
    // One peer's sent and received sides, each in id order through its own index.
    const peer = p(query.involving);
    const where = and({ ...query, involving: undefined });
    head = `SELECT * FROM (${branch(` AND m.from_node = ${peer}`, where)} UNION ALL ${branch(` AND m.to_node = ${peer} AND m.from_node <> ${peer}`, where)} ORDER BY id LIMIT ${rows})`;
  }
  const where = and(query);
  const all = holds("h.content", words);
  const lastOnly = holds("h.content", words.slice(-1));
  const others = words.length > 1 ? holds("h.content", words.slice(0, -1)) : lastOnly;
  // Without the last word's prefix FTS5 streams whole tokens (one word: never used, see by_last).
  const exact = words.length > 1 ? fts5Words(words.slice(0, -1)) : fts5Match(words);
  const rest = (gate: string, match: string, test: string) =>
    `SELECT * FROM (SELECT f.rowid AS id FROM messages_fts f JOIN messages m ON m.id = f.rowid WHERE (SELECT more AND ${gate} FROM probe) AND messages_fts MATCH ${p(match)} AND f.rowid > (SELECT last FROM probe)${test}${where} ORDER BY f.rowid LIMIT ${limit})`;
  const text = `WITH early AS MATERIALIZED (SELECT h.id FROM (${head}) AS h WHERE ${all} LIMIT ${limit}),
    probe AS MATERIALIZED (SELECT count(*) = ${rows} AS more, max(h.id) AS last, sum(${lastOnly}) <= sum(${others}) AS by_last
      FROM (${head}) AS h WHERE (SELECT count(*) FROM early) < ${limit}),
    later AS MATERIALIZED (${rest("by_last", fts5Match(words), "")}
      UNION ALL ${rest("NOT by_last", exact, ` AND ${holds("m.content", words)}`)})
    ${messagesOfIds(columns, `SELECT id FROM early UNION ALL SELECT id FROM later ORDER BY id LIMIT ${limit}`, query.maxBytes, p)}`;
  return { text, values };
}
