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

/** `QUALIFIED_COLUMNS` and the stored JSON size of the text, which `withinBytes` sums. */
export const SIZED_COLUMNS = `${QUALIFIED_COLUMNS}, m.text_json_bytes`;

/**
 * The JSON bytes of a row's text over alias `r`, at most its JSON: stored at insert, so the
 * text is neither read nor escaped; rows stored before that column read their raw text size.
 */
const ROW_TEXT_BYTES =
  "coalesce(r.text_json_bytes, octet_length(r.content) + coalesce(octet_length(r.thread_id), 0) + coalesce(octet_length(r.related_task_id), 0))";

/**
 * `columns` of the message rows `rows` (a query of `SIZED_COLUMNS`), in id order, up to and
 * including the row whose text's JSON brings the running sum to `maxBytes`: the database sums
 * the stored sizes and hands over only those rows, so a read of large messages builds about
 * `maxBytes` of JSON whatever its row limit or how much of the text escaping grows.
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
  const rows = `SELECT ${SIZED_COLUMNS} FROM messages m WHERE m.id IN (${ids})`;
  return withinBytes(columns, rows, maxBytes, p);
}
