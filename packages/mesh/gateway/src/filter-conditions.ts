import type { MessageState } from "@mesh/protocol";
import type { MessageFilter } from "./gateway-storage.js";
import { MESSAGE_COLUMNS, MESSAGE_STATE_SQL } from "./storage-schema.js";

/** How one back end spells what its message queries differ in. */
export interface MessageSqlDialect {
  /** `?` (SQLite) or `$n` (PostgreSQL) for the n-th parameter, 1-based. */
  param(index: number): string;
  backend: "sqlite" | "postgres";
}

/** SQL text and its parameters. */
export interface Sql {
  text: string;
  values: unknown[];
}

/** The stored message columns read through the alias `m`, in wire order, and its `state`. */
export const QUALIFIED_COLUMNS = `${MESSAGE_COLUMNS.split(", ")
  .map((column) => `m.${column}`)
  .join(", ")}, ${MESSAGE_STATE_SQL} AS state`;

/** The condition of each `state` over alias `m` (the precedence of `messageState`). */
const STATE_CONDITIONS: Record<MessageState, string> = {
  answered: "m.answered_at IS NOT NULL",
  expired: "m.expired_at IS NOT NULL AND m.answered_at IS NULL",
  read: "m.read_at IS NOT NULL AND m.expired_at IS NULL AND m.answered_at IS NULL",
  delivered:
    "m.delivered_at IS NOT NULL AND m.read_at IS NULL AND m.expired_at IS NULL AND m.answered_at IS NULL",
  sent: "m.delivered_at IS NULL AND m.read_at IS NULL AND m.expired_at IS NULL AND m.answered_at IS NULL",
};

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
  if (filter.state !== undefined) where.push(STATE_CONDITIONS[filter.state]);
  return where;
}

/**
 * The JSON bytes of a row's text over alias `m`, at most its JSON: stored at insert, so the
 * text is neither escaped nor, when the column is set, read; rows stored before that column
 * read their raw text size.
 */
export const ROW_JSON_BYTES =
  "coalesce(m.text_json_bytes, octet_length(m.content) + coalesce(octet_length(m.thread_id), 0) + coalesce(octet_length(m.related_task_id), 0))";

/**
 * `columns` of the messages `sized` lists (a query of `id` and `ROW_JSON_BYTES AS row_bytes`),
 * in id order, up to and including the one whose text's JSON brings the running sum to
 * `maxBytes`: the database sums the stored sizes of ids alone, then reads and hands over only
 * those rows, so a read of large messages builds about `maxBytes` of JSON whatever its row
 * limit or how much escaping grows the text.
 */
export function withinBytes(
  columns: string,
  sized: string,
  maxBytes: number,
  p: (value: unknown) => string,
): string {
  const running = `SELECT s.id, sum(s.row_bytes) OVER (ORDER BY s.id) AS running_bytes, s.row_bytes FROM (${sized}) AS s`;
  return `SELECT ${columns} FROM messages m WHERE m.id IN (SELECT w.id FROM (${running}) AS w WHERE w.running_bytes - w.row_bytes < ${p(maxBytes)}) ORDER BY m.id`;
}

/** `columns` of the messages whose ids `ids` selects, in id order, within `maxBytes` if given. */
export function messagesOfIds(
  columns: string,
  ids: string,
  maxBytes: number | undefined,
  p: (value: unknown) => string,
): string {
  if (maxBytes === undefined) {
    return `SELECT ${columns} FROM messages m WHERE m.id IN (${ids}) ORDER BY m.id`;
  }
  const sized = `SELECT m.id, ${ROW_JSON_BYTES} AS row_bytes FROM messages m WHERE m.id IN (${ids})`;
  return withinBytes(columns, sized, maxBytes, p);
}
