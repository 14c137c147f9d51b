import {
  filterConditions,
  type MessageSqlDialect,
  QUALIFIED_COLUMNS,
  ROW_JSON_BYTES,
  type Sql,
  withinBytes,
} from "./filter-conditions.js";
import type { MessageFilter, MessageQuery } from "./gateway-storage.js";
import { postgresSearchSql } from "./postgres-search-sql.js";
import { HOLDS_WORDS_FUNCTION, tsQuery } from "./search-words.js";
import { sqliteSearchSql } from "./sqlite-search-sql.js";

export { type MessageSqlDialect, QUALIFIED_COLUMNS, type Sql } from "./filter-conditions.js";

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

/**
 * The messages table as alias `m` for `query`. On SQLite, undelivered messages (`state=sent`)
 * of one recipient are read through the index of their unread messages, and one sender's
 * through the index of undelivered messages (in id order, the sender in each entry): the
 * planner would otherwise walk the sender's whole history.
 */
function messagesOf(query: MessageQuery, dialect: MessageSqlDialect): string {
  const narrower =
    query.threadId !== undefined || query.between !== undefined || query.involving !== undefined;
  if (dialect.backend !== "sqlite" || query.state !== "sent" || narrower) return "messages m";
  if (query.to !== undefined) return "messages m INDEXED BY messages_unread_to_node_id";
  if (query.from !== undefined) return "messages m INDEXED BY messages_undelivered";
  return "messages m";
}

/**
 * The query of `listMessages` (`columns` over alias `m`): one SQL text per shape of filter, so
 * statement caches stay small. A word search never scans the table: outside a thread it
 * measures how common its words are before it uses the back end's text index
 * (`sqliteSearchSql`, `postgresSearchSql`); within one thread it reads the thread through its
 * index and tests each row.
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
  if (words !== undefined && query.threadId === undefined) {
    return dialect.backend === "sqlite"
      ? sqliteSearchSql(query, columns)
      : postgresSearchSql(query, columns);
  }
  if (!isFiltered(query) && query.afterId === undefined) {
    const where = filterConditions(query, values, dialect);
    const tail = `FROM messages m WHERE TRUE${where.map((c) => ` AND ${c}`).join("")} ORDER BY m.id DESC LIMIT ${p(query.limit)}`;
    const text =
      query.maxBytes === undefined
        ? `SELECT ${columns} FROM messages m WHERE m.id IN (SELECT m.id ${tail}) ORDER BY m.id`
        : withinBytes(
            columns,
            `SELECT m.id, ${ROW_JSON_BYTES} AS row_bytes ${tail}`,
            query.maxBytes,
            p,
          );
    return { text, values };
  }
  const where: string[] = [];
  if (words !== undefined) {
    where.push(
      dialect.backend === "sqlite"
        ? `${HOLDS_WORDS_FUNCTION}(m.content, ${p(JSON.stringify(words))})`
        : `m.search @@ to_tsquery('simple', ${p(tsQuery(words))})`,
    );
  }
  where.push(`m.id > ${p(query.afterId ?? 0)}`);
  where.push(...filterConditions(query, values, dialect));
  const limit = p(query.limit);
  if (query.maxBytes === undefined) {
    const text = `SELECT ${columns} FROM ${messagesOf(query, dialect)} WHERE ${where.join(" AND ")} ORDER BY m.id LIMIT ${limit}`;
    return { text, values };
  }
  const sized = `SELECT m.id, ${ROW_JSON_BYTES} AS row_bytes FROM ${messagesOf(query, dialect)} WHERE ${where.join(" AND ")} ORDER BY m.id LIMIT ${limit}`;
  return { text: withinBytes(columns, sized, query.maxBytes, p), values };
}
