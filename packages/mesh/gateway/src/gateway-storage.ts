import type {
  StrictMessage as Message,
  DmKind as MessageKind,
  StrictPeer as Peer,
} from "@mesh/protocol";

/** What a registrant sends; the storage keeps `registered_at` and merges `extra`. */
export interface RegisterPeerInput {
  name: string;
  url: string | null;
  capabilities: Record<string, unknown>;
  /** Unknown fields the registrant sent, kept and returned with the peer. */
  extra: Record<string, unknown>;
  /** ISO 8601 time of this registration (also the new `last_seen`). */
  at: string;
}

export interface NewMessage {
  fromNode: string;
  toNode: string;
  kind: MessageKind;
  content: string;
  relatedTaskId: string | null;
  threadId: string | null;
  /** ISO 8601 insertion time. */
  createdAt: string;
}

/** A message written as is by `importMessages` (seeding, migration from another gateway). */
export interface ImportedMessage extends NewMessage {
  readAt: string | null;
}

export interface IdempotencyOptions {
  /** The `Idempotency-Key` header value. */
  key: string;
  /** ISO 8601 time before which an earlier use of the key has expired. */
  notBefore: string;
}

/** Outcome of `insertMessage`: the stored (or first, for a repeated key) message, or a refusal. */
export type InsertResult =
  | { message: Message; created: boolean; refused?: undefined }
  | { refused: "unknown_recipient" | "recipient_disabled"; message?: undefined };

export interface MessageQuery {
  /** Recipient whose inbox is read; absent reads every recipient. */
  to?: string | undefined;
  unreadOnly: boolean;
  /** Only ids above this one; 0 for no cursor. */
  afterId: number;
  /** Rows at most, 1..1000. */
  limit: number;
}

/**
 * The one storage interface of the gateway; SQLite and PostgreSQL implement it and pass
 * the same conformance suite. Rows come back in wire shape (snake_case `Peer`, `Message`).
 */
export interface GatewayStorage {
  readonly backend: "sqlite" | "postgres";
  /** Throws when the database cannot be reached. */
  ping(): Promise<void>;
  /** Upsert by name: keeps `registered_at` and `enabled`, replaces url and capabilities, merges extras. */
  registerPeer(input: RegisterPeerInput): Promise<{ peer: Peer; created: boolean }>;
  listPeers(): Promise<Peer[]>;
  getPeer(name: string): Promise<Peer | undefined>;
  setPeerEnabled(name: string, enabled: boolean): Promise<Peer | undefined>;
  /** Sets `last_seen` of a peer (no-op for an unknown name). */
  touchPeer(name: string, at: string): Promise<void>;
  /**
   * Stores a message and sets the sender's `last_seen`, atomically, when the recipient is a
   * registered, enabled peer; otherwise stores nothing and says why (`refused`). With an
   * idempotency key that the same sender used since `notBefore`, returns the first message
   * and stores nothing.
   */
  insertMessage(message: NewMessage, idempotency?: IdempotencyOptions): Promise<InsertResult>;
  /**
   * Messages by id ascending. With `to` or `afterId`: the first `limit` matches (drain order).
   * Without both: the most recent `limit` matches, still in ascending order.
   */
  listMessages(query: MessageQuery): Promise<Message[]>;
  getMessage(id: number): Promise<Message | undefined>;
  /** Sets `read_at` only when it is still null; returns the message, or undefined when unknown. */
  markRead(id: number, at: string): Promise<Message | undefined>;
  /** Bulk insert in one transaction, for seeding and imports. */
  importMessages(messages: readonly ImportedMessage[]): Promise<void>;
  /** Stores the SHA-256 hash (hex) of a peer token. */
  saveToken(peer: string, tokenHash: string, at: string): Promise<void>;
  /** Deletes every token of a peer; returns how many. */
  revokeTokens(peer: string): Promise<number>;
  /** The peer a token hash belongs to. */
  findTokenPeer(tokenHash: string): Promise<string | undefined>;
  /** Forgets idempotency keys used before `before`; returns how many. */
  purgeIdempotencyKeys(before: string): Promise<number>;
  close(): Promise<void>;
}
