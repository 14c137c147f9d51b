/** A peer as `GET /peers` returns it. */
export interface Peer {
  name: string;
  url: string | null;
  capabilities: Record<string, unknown>;
  enabled: boolean;
  last_seen: string | null;
  registered_at: string | null;
}

/** A direct message as `GET /messages` and the stream return it. */
export interface Message {
  id: number;
  from_node: string;
  to_node: string;
  kind: string;
  content: string;
  created_at: string;
  read_at: string | null;
  related_task_id: string | null;
  thread_id: string | null;
}
