import type { ThreadQuery } from "./gateway-storage.js";
import { fts5Match, HOLDS_WORDS_FUNCTION, tsQuery } from "./search-words.js";
import type { RunQuery } from "./thread-queries.js";

/** Threads a search tests itself, newest first, before it asks the text index. */
const PROBE_THREADS = 200;

/** A fresh parameter list and its placeholder writer (`?` or `$n`). */
function parameters(backend: "sqlite" | "postgres") {
  const values: unknown[] = [];
  const p = (value: unknown) => {
    values.push(value);
    return backend === "sqlite" ? "?" : `$${values.length}`;
  };
  return { values, p };
}

/** The thread table of `query` and its conditions (`p` called in text order). */
function scope(query: ThreadQuery, beforeId: number, p: (value: unknown) => string) {
  const where = query.party === undefined ? [] : [`t.peer = ${p(query.party)}`];
  where.push(`t.last_id < ${p(beforeId)}`);
  return `${query.party === undefined ? "threads t" : "thread_peers t"} WHERE ${where.join(" AND ")}`;
}

/**
 * The ids of the threads, newest activity first, that hold a message with the search's words
 * (one the caller may read). Common words are found by testing the newest threads' messages
 * through the thread index; only when those hold too few does the text index gather the
 * matching messages of older threads (cheap then: the words are rare).
 */
export async function searchThreadIds(
  query: ThreadQuery,
  backend: "sqlite" | "postgres",
  run: RunQuery,
): Promise<string[]> {
  const words = query.words ?? [];
  const { party } = query;
  const probe = parameters(backend);
  const test =
    backend === "sqlite"
      ? `${HOLDS_WORDS_FUNCTION}(m.content, ${probe.p(JSON.stringify(words))})`
      : `m.search @@ to_tsquery('simple', ${probe.p(tsQuery(words))})`;
  const mine = (p: (value: unknown) => string) =>
    party === undefined ? "" : ` AND (m.from_node = ${p(party)} OR m.to_node = ${p(party)})`;
  const probeMine = mine(probe.p);
  const before = query.beforeId ?? Number.MAX_SAFE_INTEGER;
  const newest = await run(
    `SELECT t.thread_id, t.last_id, EXISTS (SELECT 1 FROM messages m WHERE m.thread_id = t.thread_id AND ${test}${probeMine}) AS hit FROM (SELECT t.thread_id, t.last_id FROM ${scope(query, before, probe.p)} ORDER BY t.last_id DESC LIMIT ${PROBE_THREADS}) AS t ORDER BY t.last_id DESC`,
    probe.values,
  );
  const hits = newest.filter((row) => Boolean(row["hit"])).map((row) => String(row["thread_id"]));
  if (hits.length >= query.limit || newest.length < PROBE_THREADS) {
    return hits.slice(0, query.limit);
  }
  const rest = parameters(backend);
  // Placeholders in text order (SQLite's `?` are positional).
  const older = scope(query, Number(newest[newest.length - 1]!["last_id"]), rest.p);
  const match =
    backend === "sqlite"
      ? `messages_fts f JOIN messages m ON m.id = f.rowid WHERE messages_fts MATCH ${rest.p(fts5Match(words))}`
      : `messages m WHERE m.search @@ to_tsquery('simple', ${rest.p(tsQuery(words))})`;
  const restMine = mine(rest.p);
  const page = await run(
    `SELECT t.thread_id FROM ${older} AND t.thread_id IN (SELECT m.thread_id FROM ${match} AND m.thread_id IS NOT NULL${restMine}) ORDER BY t.last_id DESC LIMIT ${rest.p(query.limit - hits.length)}`,
    rest.values,
  );
  return [...hits, ...page.map((row) => String(row["thread_id"]))];
}
