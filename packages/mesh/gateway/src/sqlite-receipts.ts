import type { StatementSync } from "node:sqlite";
import type { MessageState } from "@mesh/protocol";
import type { ReceiptBacklog, SenderReceipt } from "./gateway-storage.js";
import { OLDEST_UNREAD_PEERS } from "./receipt-limits.js";

/**
 * An answer sets `answered_at`/`answer_id` of the earlier unanswered questions its sender was
 * asked by its recipient in the same thread, in the insert's transaction (imports included).
 */
export const SQLITE_RECEIPTS = `
  CREATE TRIGGER messages_answers AFTER INSERT ON messages
    WHEN new.kind = 'answer' AND new.thread_id IS NOT NULL BEGIN
    UPDATE messages SET answered_at = new.created_at, answer_id = new.id
      WHERE thread_id = new.thread_id AND kind = 'question' AND from_node = new.to_node
        AND to_node = new.from_node AND answered_at IS NULL AND id < new.id;
  END;
`;

interface ChangedRow {
  id: number;
  from_node: string;
  to_node: string;
  read_at: string | null;
  answered_at: string | null;
  expired_at: string | null;
}

/** The SQLite side of receipts; `emit` hears every state change this process makes. */
export function sqliteReceipts(
  sql: (text: string) => StatementSync,
  emit: (receipt: SenderReceipt) => void,
) {
  const receipt = (row: ChangedRow, state: MessageState, at: string): SenderReceipt => ({
    from_node: row.from_node,
    message_id: row.id,
    to_node: row.to_node,
    state,
    at,
  });
  return {
    markDelivered(recipient: string, ids: readonly number[], at: string): number[] {
      if (ids.length === 0) return [];
      const rows = sql(
        "UPDATE messages SET delivered_at = ? WHERE id IN (SELECT value FROM json_each(?)) AND to_node = ? AND delivered_at IS NULL RETURNING id, from_node, to_node, read_at, answered_at, expired_at",
      ).all(at, JSON.stringify(ids.slice(0, 1000)), recipient) as unknown as ChangedRow[];
      for (const row of rows) {
        // A message read, answered or expired before it was delivered keeps that state.
        if (row.read_at === null && row.answered_at === null && row.expired_at === null) {
          emit(receipt(row, "delivered", at));
        }
      }
      return rows.map((row) => row.id);
    },
    markRead(id: number, at: string): void {
      const rows = sql(
        "UPDATE messages SET read_at = ? WHERE id = ? AND read_at IS NULL RETURNING id, from_node, to_node, read_at, answered_at, expired_at",
      ).all(at, id) as unknown as ChangedRow[];
      for (const row of rows) {
        if (row.answered_at === null && row.expired_at === null) emit(receipt(row, "read", at));
      }
    },
    /** The questions an answer just stored answered (read in the insert's transaction). */
    answeredBy(answerId: number, threadId: string, at: string): SenderReceipt[] {
      const rows = sql(
        "SELECT id, from_node, to_node, read_at, answered_at, expired_at FROM messages WHERE thread_id = ? AND answer_id = ?",
      ).all(threadId, answerId) as unknown as ChangedRow[];
      return rows.map((row) => receipt(row, "answered", at));
    },
    expireQuestions(at: string, limit: number, after = ""): number {
      const rows = sql(
        "UPDATE messages SET expired_at = ? WHERE id IN (SELECT id FROM messages WHERE reply_by IS NOT NULL AND reply_by > ? AND reply_by <= ? AND answered_at IS NULL AND expired_at IS NULL ORDER BY reply_by LIMIT ?) RETURNING id, from_node, to_node, read_at, answered_at, expired_at",
      ).all(at, after, at, limit) as unknown as ChangedRow[];
      for (const row of rows) emit(receipt(row, "expired", at));
      return rows.length;
    },
    backlog(): ReceiptBacklog {
      const { undelivered } = sql(
        "SELECT count(*) AS undelivered FROM messages WHERE delivered_at IS NULL",
      ).get() as { undelivered: number };
      const rows = sql(
        `SELECT p.name AS peer, (SELECT m.created_at FROM messages m WHERE m.to_node = p.name AND m.read_at IS NULL ORDER BY m.id LIMIT 1) AS oldest
         FROM (SELECT name FROM peers ORDER BY name LIMIT ${OLDEST_UNREAD_PEERS}) AS p`,
      ).all() as { peer: string; oldest: string | null }[];
      return {
        undelivered: Number(undelivered),
        oldestUnread: rows.flatMap((row) =>
          row.oldest === null ? [] : [{ peer: row.peer, createdAt: row.oldest }],
        ),
      };
    },
  };
}
