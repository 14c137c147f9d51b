import type {
  StrictMessage as Message,
  DmKind as MessageKind,
  StrictPeer as Peer,
} from "@mesh/protocol";
import type { NewMessage } from "./gateway-storage.js";

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
  return {
    id: Number(row.id),
    from_node: row.from_node,
    to_node: row.to_node,
    kind: row.kind as MessageKind,
    content: row.content,
    created_at: iso(row.created_at)!,
    read_at: iso(row.read_at),
    related_task_id: row.related_task_id,
    thread_id: row.thread_id,
  };
}

/**
 * A message's column values in insert order: from_node, to_node, kind, content,
 * related_task_id, thread_id, created_at (null: the storage's clock), read_at.
 */
export function messageValues(
  message: NewMessage,
  readAt: string | null = null,
): [string, string, string, string, string | null, string | null, string | null, string | null] {
  return [
    message.fromNode,
    message.toNode,
    message.kind,
    message.content,
    message.relatedTaskId,
    message.threadId,
    message.createdAt ?? null,
    readAt,
  ];
}
