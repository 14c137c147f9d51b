import type { DmKind, StrictThread } from "@mesh/protocol";
import type { ThreadQuery } from "./gateway-storage.js";
import { searchThreadIds } from "./thread-search.js";

/** Runs one query with positional parameters and answers its rows. */
export type RunQuery = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

interface ThreadStats {
  thread_id: string;
  messages: number | string;
  unread: number | string | null;
  first_id: number | string;
  last_id: number | string;
  /** JSON array text (SQLite) or an array (PostgreSQL). */
  senders: string | string[];
  recipients: string | string[];
}

const list = (value: string | string[]): string[] =>
  typeof value === "string" ? (JSON.parse(value) as string[]) : value;

/**
 * `GET /threads` on either back end: the page of threads comes from the thread tables the
 * insert triggers keep (`thread_peers` for one party, `threads` for all), newest last id first;
 * the counts then read only those threads' messages through the thread index.
 */
export async function listThreads(
  query: ThreadQuery,
  backend: "sqlite" | "postgres",
  run: RunQuery,
): Promise<StrictThread[]> {
  if (query.words !== undefined && query.words.length > 0) {
    const ids = await searchThreadIds(query, backend, run);
    return ids.length === 0 ? [] : threadRows(ids, query, backend, run);
  }
  const values: unknown[] = [];
  const p = (value: unknown) => {
    values.push(value);
    return backend === "sqlite" ? "?" : `$${values.length}`;
  };
  const where: string[] = [];
  const table = query.party === undefined ? "threads t" : "thread_peers t";
  if (query.party !== undefined) where.push(`t.peer = ${p(query.party)}`);
  where.push(`t.last_id < ${p(query.beforeId ?? Number.MAX_SAFE_INTEGER)}`);
  const page = await run(
    `SELECT t.thread_id FROM ${table} WHERE ${where.join(" AND ")} ORDER BY t.last_id DESC LIMIT ${p(query.limit)}`,
    values,
  );
  const ids = page.map((row) => String(row["thread_id"]));
  if (ids.length === 0) return [];
  return threadRows(ids, query, backend, run);
}

/** The rows of `ids` (threads in page order) with the counts the caller may see. */
async function threadRows(
  ids: string[],
  query: ThreadQuery,
  backend: "sqlite" | "postgres",
  run: RunQuery,
): Promise<StrictThread[]> {
  const sqlite = backend === "sqlite";
  const values: unknown[] = [];
  const p = (value: unknown) => {
    values.push(value);
    return sqlite ? "?" : `$${values.length}`;
  };
  // Parameters in the order they appear in the text (SQLite's `?` are positional).
  const unread =
    query.reader === undefined
      ? "m.read_at IS NULL"
      : `m.read_at IS NULL AND m.to_node = ${p(query.reader)}`;
  const inList = sqlite
    ? `IN (SELECT value FROM json_each(${p(JSON.stringify(ids))}))`
    : `= ANY(${p(ids)}::text[])`;
  // SQLite: `+column` keeps the planner on the thread index (a party's whole history is larger).
  const plus = sqlite ? "+" : "";
  const mine =
    query.party === undefined
      ? ""
      : ` AND (${plus}m.from_node = ${p(query.party)} OR ${plus}m.to_node = ${p(query.party)})`;
  const group = sqlite ? "json_group_array(DISTINCT" : "array_agg(DISTINCT";
  const count = sqlite ? `sum(${unread})` : `count(*) FILTER (WHERE ${unread})`;
  const stats = (await run(
    `SELECT m.thread_id, count(*) AS messages, ${count} AS unread, min(m.id) AS first_id, max(m.id) AS last_id, ${group} m.from_node) AS senders, ${group} m.to_node) AS recipients FROM messages m WHERE m.thread_id ${inList}${mine} GROUP BY m.thread_id`,
    values,
  )) as unknown as ThreadStats[];
  const lastIds = stats.map((row) => Number(row.last_id));
  const lasts = await run(
    sqlite
      ? "SELECT id, created_at, kind FROM messages WHERE id IN (SELECT value FROM json_each(?))"
      : "SELECT id, created_at, kind FROM messages WHERE id = ANY($1::bigint[])",
    [sqlite ? JSON.stringify(lastIds) : lastIds],
  );
  const lastById = new Map(lasts.map((row) => [Number(row["id"]), row]));
  const byThread = new Map(stats.map((row) => [row.thread_id, row]));
  return ids.flatMap((threadId): StrictThread[] => {
    const row = byThread.get(threadId);
    const last = row === undefined ? undefined : lastById.get(Number(row.last_id));
    if (row === undefined || last === undefined) return [];
    const createdAt = last["created_at"];
    return [
      {
        thread_id: threadId,
        peers: [...new Set([...list(row.senders), ...list(row.recipients)])].sort(),
        messages: Number(row.messages),
        unread: Number(row.unread ?? 0),
        first_id: Number(row.first_id),
        last_id: Number(row.last_id),
        last_at: createdAt instanceof Date ? createdAt.toISOString() : String(createdAt),
        last_kind: String(last["kind"]) as DmKind,
      },
    ];
  });
}
