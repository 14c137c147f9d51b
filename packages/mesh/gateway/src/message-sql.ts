import type { MessageFilter, MessageQuery } from "./gateway-storage.js";
import { fts5Match, tsQuery } from "./search-words.js";
import { MESSAGE_COLUMNS } from "./storage-schema.js";

/** How one back end spells what its message queries differ in. */
export interface MessageSqlDialect {
  /** `?` (SQLite) or `$n` (PostgreSQL) for the n-th parameter, 1-based. */
  param(index: number): string;
  backend: "sqlite" | "postgres";
}

/** The stored message columns read through the alias `m`, in wire order. */
export const QUALIFIED_COLUMNS = MESSAGE_COLUMNS.split(", ")
  .map((column) => `m.${column}`)
  .join(", ");

/** SQL text and its parameters. */
export interface Sql {
  text: string;
  values: unknown[];
}

/** Whether a reading has a filter (anything but `unreadOnly`). */
export function isFiltered(filter: Omit<MessageFilter, "unreadOnly">): boolean {
  return (
    filter.to !== undefined ||
    filter.from !== undefined ||
    filter.between !== undefined ||
    filter.involving !== undefined ||
    filter.threadId !== undefined ||
    (filter.words !== undefined && filter.words.length > 0)
  );
}

/** The WHERE conditions of `filter` over alias `m`, pushing their values to `values`. */
export function filterConditions(
  filter: MessageFilter,
  values: unknown[],
  dialect: MessageSqlDialect,
) {
  const p = (value: unknown) => {
    values.push(value);
    return dialect.param(values.length);
  };
  const where: string[] = [];
  if (filter.to !== undefined) where.push(`m.to_node = ${p(filter.to)}`);
  if (filter.from !== undefined) where.push(`m.from_node = ${p(filter.from)}`);
  if (filter.between !== undefined) {
    const [a, b] = filter.between;
    where.push(
      `((m.from_node = ${p(a)} AND m.to_node = ${p(b)}) OR (m.from_node = ${p(b)} AND m.to_node = ${p(a)}))`,
    );
  }
  if (filter.involving !== undefined) {
    where.push(`(m.from_node = ${p(filter.involving)} OR m.to_node = ${p(filter.involving)})`);
  }
  if (filter.threadId !== undefined) where.push(`m.thread_id = ${p(filter.threadId)}`);
  if (filter.unreadOnly) where.push("m.read_at IS NULL");
  return where;
}

/**
 * The query of `listMessages` (`columns` over alias `m`): one SQL text per shape of filter, so
 * statement caches stay small. A word search is driven by the back end's text index, never a
 * scan of the table: SQLite walks the FTS5 index in rowid order; within one thread, both back
 * ends read the thread and test its rows (PostgreSQL searches outside a thread with
 * `postgresSearchSql`).
 */
export function messageSql(
  query: MessageQuery,
  dialect: MessageSqlDialect,
  columns = QUALIFIED_COLUMNS,
): Sql {
  const values: unknown[] = [];
  const p = (value: unknown) => {
    values.push(value);
    return dialect.param(values.length);
  };
  const words = query.words !== undefined && query.words.length > 0 ? query.words : undefined;
  if (!isFiltered(query) && query.afterId === undefined) {
    const where = filterConditions(query, values, dialect);
    const newest = `SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE TRUE${where.map((c) => ` AND ${c}`).join("")} ORDER BY m.id DESC LIMIT ${p(query.limit)}`;
    return { text: withinBytes(columns, newest, query.maxBytes, p), values };
  }
  let from = "messages m";
  let key = "m.id";
  const where: string[] = [];
  if (words !== undefined && dialect.backend === "sqlite" && query.threadId !== undefined) {
    // A thread is small: read it through the thread index and test each row against the matches.
    where.push(
      `EXISTS (SELECT 1 FROM messages_fts WHERE messages_fts MATCH ${p(fts5Match(words))} AND rowid = m.id)`,
    );
  } else if (words !== undefined && dialect.backend === "sqlite") {
    from = "messages_fts f JOIN messages m ON m.id = f.rowid";
    key = "f.rowid";
    where.push(`messages_fts MATCH ${p(fts5Match(words))}`);
  } else if (words !== undefined) {
    where.push(`m.search @@ to_tsquery('simple', ${p(tsQuery(words))})`);
  }
  where.push(`${key} > ${p(query.afterId ?? 0)}`);
  where.push(...filterConditions(query, values, dialect));
  const limit = p(query.limit);
  if (query.maxBytes === undefined) {
    const text = `SELECT ${columns} FROM ${from} WHERE ${where.join(" AND ")} ORDER BY ${key} LIMIT ${limit}`;
    return { text, values };
  }
  const rows = `SELECT ${QUALIFIED_COLUMNS} FROM ${from} WHERE ${where.join(" AND ")} ORDER BY ${key} LIMIT ${limit}`;
  return { text: withinBytes(columns, rows, query.maxBytes, p), values };
}

/** The bytes of a row's text over alias `r`: less than its JSON, computed without reading it. */
const ROW_TEXT_BYTES =
  "octet_length(r.content) + coalesce(octet_length(r.thread_id), 0) + coalesce(octet_length(r.related_task_id), 0)";

/**
 * `columns` of the message rows `rows` (a query of the message columns), in id order, up to
 * and including the row whose text brings the running sum to `maxBytes`: the database sums
 * the lengths and hands over only those rows, so a read of large messages holds about
 * `maxBytes` of them whatever its row limit.
 */
export function withinBytes(
  columns: string,
  rows: string,
  maxBytes: number | undefined,
  p: (value: unknown) => string,
): string {
  if (maxBytes === undefined) return `SELECT ${columns} FROM (${rows}) AS m ORDER BY m.id`;
  const sized = `SELECT r.*, sum(${ROW_TEXT_BYTES}) OVER (ORDER BY r.id) AS running_bytes, ${ROW_TEXT_BYTES} AS row_bytes FROM (${rows}) AS r`;
  return `SELECT ${columns} FROM (${sized}) AS m WHERE m.running_bytes - m.row_bytes < ${p(maxBytes)} ORDER BY m.id`;
}
