import {
  type StrictMessage as Message,
  type DmKind as MessageKind,
  messageState,
  type StrictPeer as Peer,
} from "@mesh/protocol";
import type { NewMessage } from "./gateway-storage.js";
import { textJsonBytes } from "./text-json-bytes.js";

/** A `peers` row as both back ends return it (timestamps as ISO text or Date). */
export interface DbPeerRow {
  name: string;
  url: string | null;
  capabilities: string;
  extra: string;
  enabled: number | boolean;
  last_health: string | Date | null;
  last_seen: string | Date | null;
  registered_at: string | Date | null;
}

export interface DbMessageRow {
  id: number | string;
  from_node: string;
  to_node: string;
  kind: string;
  content: string;
  related_task_id: string | null;
  thread_id: string | null;
  created_at: string | Date;
  read_at: string | Date | null;
  delivered_at: string | Date | null;
  answered_at: string | Date | null;
  answer_id: number | string | null;
  reply_by: string | Date | null;
  expired_at: string | Date | null;
}

const iso = (value: string | Date | null): string | null =>
  value === null ? null : typeof value === "string" ? value : value.toISOString();

export function peerFromRow(row: DbPeerRow): Peer {
  return {
    ...(JSON.parse(row.extra) as Record<string, unknown>),
    name: row.name,
    url: row.url,
    capabilities: JSON.parse(row.capabilities) as Record<string, unknown>,
    enabled: row.enabled === true || row.enabled === 1,
    last_health: iso(row.last_health),
    last_seen: iso(row.last_seen),
    registered_at: iso(row.registered_at),
  };
}

export function messageFromRow(row: DbMessageRow): Message {
  const message = {
    id: Number(row.id),
    from_node: row.from_node,
    to_node: row.to_node,
    kind: row.kind as MessageKind,
    content: row.content,
    related_task_id: row.related_task_id,
    thread_id: row.thread_id,
    created_at: iso(row.created_at)!,
    read_at: iso(row.read_at),
    delivered_at: iso(row.delivered_at),
    answered_at: iso(row.answered_at),
    answer_id: row.answer_id === null ? null : Number(row.answer_id),
    reply_by: iso(row.reply_by),
    expired_at: iso(row.expired_at),
  };
  return { ...message, state: messageState(message) };
}

/** A message just stored: no receipt yet. */
export function storedMessage(message: NewMessage, id: number, createdAt: string): Message {
  return {
    id,
    from_node: message.fromNode,
    to_node: message.toNode,
    kind: message.kind,
    content: message.content,
    related_task_id: message.relatedTaskId,
    thread_id: message.threadId,
    created_at: createdAt,
    read_at: null,
    delivered_at: null,
    answered_at: null,
    answer_id: null,
    reply_by: message.replyBy ?? null,
    expired_at: null,
    state: "sent",
  };
}

/** The columns `messageValues` fills, in its order. */
export const INSERT_COLUMNS =
  "from_node, to_node, kind, content, related_task_id, thread_id, created_at, read_at, reply_by, text_json_bytes";

/**
 * A message's column values in `INSERT_COLUMNS` order (created_at null: the storage's clock).
 */
export function messageValues(
  message: NewMessage,
  readAt: string | null = null,
): Array<string | number | null> {
  return [
    message.fromNode,
    message.toNode,
    message.kind,
    message.content,
    message.relatedTaskId,
    message.threadId,
    message.createdAt ?? null,
    readAt,
    message.replyBy ?? null,
    messageTextJsonBytes(message),
  ];
}

/**
 * The JSON bytes of a message's text (content, thread and task ids), stored at insert so a
 * page's byte bound is computed without reading or escaping the text.
 */
export function messageTextJsonBytes(message: NewMessage): number {
  return (
    textJsonBytes(message.content) +
    (message.threadId === null ? 0 : textJsonBytes(message.threadId)) +
    (message.relatedTaskId === null ? 0 : textJsonBytes(message.relatedTaskId))
  );
}
