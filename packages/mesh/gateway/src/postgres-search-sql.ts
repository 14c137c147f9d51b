import { filterConditions, messagesOfIds, type Sql } from "./filter-conditions.js";
import type { MessageQuery } from "./gateway-storage.js";
import { tsQuery } from "./search-words.js";

/**
 * Candidate messages a search reads in id order before it turns to the text index: the whole
 * table's are read in heap order (cheap), one peer's are spread over the table (a page each).
 */
const PROBE_ROWS = { all: 10_000, narrowed: 2000 };

/**
 * The first `rows` messages the reading covers after `after`, in id order, with their text
 * vectors. A reading of one peer's messages merges the two directions' index scans, so it never
 * sorts the peer's whole history.
 */
function headSql(
  query: MessageQuery,
  p: (value: unknown) => string,
  where: string,
  after: string,
  rows: number,
) {
  const branch = (side: string) =>
    `SELECT m.id, m.search FROM messages m WHERE m.id > ${after}${side}${where} ORDER BY m.id LIMIT ${rows}`;
  const merged = (first: string, second: string) =>
    `SELECT * FROM ((${branch(first)}) UNION ALL (${branch(second)})) AS m ORDER BY m.id LIMIT ${rows}`;
  if (query.involving !== undefined) {
    const peer = p(query.involving);
    return merged(
      ` AND m.from_node = ${peer}`,
      ` AND m.to_node = ${peer} AND m.from_node <> ${peer}`,
    );
  }
  return branch("");
}

/**
 * A word search outside a thread on PostgreSQL, oldest first from `afterId`. Which plan is fast
 * depends on how common the words are, which the planner cannot tell for a prefix (and the GIN
 * index answers a prefix of a common word only by collecting every row holding it). So the
 * query measures: it reads the first candidates in id order and tests them (enough when the
 * words are common); only when they hold too few matches does it ask the GIN index for the
 * rest, with the part of the search that matched fewer of those candidates (the last word's
 * prefix, or the other words) and every word tested on the rows it returns.
 */
export function postgresSearchSql(query: MessageQuery, columns: string): Sql {
  const values: unknown[] = [];
  const p = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const words = query.words ?? [];
  const all = `to_tsquery('simple', ${p(tsQuery(words))})`;
  const last = `to_tsquery('simple', ${p(tsQuery(words.slice(-1)))})`;
  const others =
    words.length > 1 ? `to_tsquery('simple', ${p(words.slice(0, -1).join(" & "))})` : all;
  const after = p(query.afterId ?? 0);
  const limit = p(query.limit);
  const and = (filter: MessageQuery) =>
    filterConditions(filter, values, { backend: "postgres", param: (i) => `$${i}` })
      .map((condition) => ` AND ${condition}`)
      .join("");
  const narrowed = [query.to, query.from, query.involving, query.between].some(
    (side) => side !== undefined,
  );
  const rows = narrowed ? PROBE_ROWS.narrowed : PROBE_ROWS.all;
  // The head's branches name the peer themselves: an OR beside them would turn their ordered
  // index scans into bitmap scans of the peer's whole history.
  const head = headSql(query, p, and({ ...query, involving: undefined }), after, rows);
  const where = and(query);
  // `id + 0`: the rest is found through the text index, never a range of the primary key.
  const rest = (gate: string, index: string) =>
    `SELECT m.id FROM messages m WHERE (SELECT more AND ${gate} FROM probe) AND m.id + 0 > (SELECT last FROM probe) AND ${index}${where}`;
  // `early` stops at the limit's last match, so common words read few rows; the probe (the same
  // candidates again, cached by then) runs only when they held too few.
  const text = `WITH early AS MATERIALIZED (SELECT h.id FROM (${head}) AS h WHERE h.search @@ ${all} LIMIT ${limit}),
    probe AS MATERIALIZED (SELECT count(*) = ${rows} AS more, max(id) AS last,
      count(*) FILTER (WHERE search @@ ${last}) <= count(*) FILTER (WHERE search @@ ${others}) AS by_last
      FROM (${head}) AS h WHERE (SELECT count(*) FROM early) < ${limit}),
    later AS MATERIALIZED (${rest("by_last", `m.search @@ ${all}`)}
      UNION ALL ${rest("NOT by_last", `m.search @@ ${others} AND ts_match_vq(m.search, ${all})`)})
    ${messagesOfIds(columns, `SELECT id FROM early UNION ALL SELECT id FROM later ORDER BY id LIMIT ${limit}`, query.maxBytes, p)}`;
  return { text, values };
}
