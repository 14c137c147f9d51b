import type {
  StrictMessage as Message,
  DmKind as MessageKind,
  MessageState,
  StrictPeer as Peer,
  StrictReceipt,
  StrictThread,
  StrictTokenHolder,
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
  /** ISO 8601 deadline of a question (checked by the caller). */
  replyBy?: string | null | undefined;
  /**
   * ISO 8601 insertion time; default the storage's clock at insert (the database's on
   * PostgreSQL). Raised when needed so that `created_at` never decreases in id order.
   */
  createdAt?: string | undefined;
}

/** A message written as is by `importMessages` (seeding, migration from another gateway). */
export interface ImportedMessage extends NewMessage {
  createdAt: string;
  readAt: string | null;
}

export interface IdempotencyOptions {
  /** The `Idempotency-Key` header value. */
  key: string;
  /** ISO 8601 time before which an earlier use of the key has expired. */
  notBefore: string;
}

/** Why `insertMessage` stored nothing. */
export type InsertRefusal =
  | "unknown_recipient"
  | "recipient_disabled"
  | "sender_disabled"
  | "idempotency_key_conflict";

/** Outcome of `insertMessage`: the stored (or first, for a repeated key) message, or a refusal. */
export type InsertResult =
  | { message: Message; created: boolean; refused?: undefined }
  | { refused: InsertRefusal; message?: undefined };

/** Which messages a reading covers; every given field must hold (they combine with AND). */
export interface MessageFilter {
  /** Recipient. */
  to?: string | undefined;
  /** Sender. */
  from?: string | undefined;
  /** Both directions between these two peers. */
  between?: readonly [string, string] | undefined;
  /** Sent or received by this peer. */
  involving?: string | undefined;
  /** `thread_id`. */
  threadId?: string | undefined;
  /** Words that must all occur in `content` (lowercase letters and digits), the last as a prefix. */
  words?: readonly string[] | undefined;
  /** Only messages in this receipt state. */
  state?: MessageState | undefined;
  unreadOnly: boolean;
}

export interface MessageQuery extends MessageFilter {
  /**
   * Only ids above this one (a cursor: oldest first from there, 0 from the start). Absent:
   * no cursor, which without any filter means the most recent messages.
   */
  afterId?: number | undefined;
  /** Rows at most, 1..1001 (one more than a page, to know whether another page follows). */
  limit: number;
  /**
   * Stop loading rows, in id order, after the one whose text (content, thread and task ids),
   * as JSON strings, brings the sum to this many bytes; absent: no bound. The JSON of a row is
   * longer than that, so a page cut at this many bytes of JSON always ends within the rows
   * loaded.
   */
  maxBytes?: number | undefined;
}

/** Whose threads `listThreads` lists and how it counts them. */
export interface ThreadQuery {
  /** Threads this peer took part in, counting only its messages; absent: every thread, every message. */
  party?: string | undefined;
  /** Unread counts only messages to this peer; absent: every unread message. */
  reader?: string | undefined;
  /** Only threads holding a message with these words (see `MessageFilter.words`). */
  words?: readonly string[] | undefined;
  /** Only threads whose last message id is below this (a cursor, newest activity first). */
  beforeId?: number | undefined;
  /** Threads at most. */
  limit: number;
}

/** A receipt with the sender it is for. */
export interface SenderReceipt extends StrictReceipt {
  from_node: string;
}

/** What the backlog metrics read. */
export interface ReceiptBacklog {
  /** Messages not delivered yet, all inboxes. */
  undelivered: number;
  /** Per recipient with unread messages, the `created_at` of its oldest (peers looked at: bounded). */
  oldestUnread: Array<{ peer: string; createdAt: string }>;
}

/** Messages as JSON text: each message's JSON with its id, in the same order. */
export interface MessagesJson {
  ids: number[];
  rows: string[];
}

/**
 * The one storage interface of the gateway; SQLite and PostgreSQL implement it and pass
 * the same conformance suite. Rows come back in wire shape (snake_case `Peer`, `Message`).
 */
/**
 * What wakes long-polls and streams when a message is stored: `process` (SQLite: one process
 * writes), `listen` (PostgreSQL `LISTEN`/`NOTIFY`), or `poll` (PostgreSQL through a
 * transaction-mode pooler without a direct listen URL: one query every 250 ms).
 */
export type WakeupSource = "process" | "listen" | "poll";

export interface GatewayStorage {
  readonly backend: "sqlite" | "postgres";
  /** How this storage learns of stored messages (see `WakeupSource`). */
  readonly wakeups: WakeupSource;
  /** Throws when the database cannot be reached. */
  ping(): Promise<void>;
  /**
   * Upsert by name: keeps `registered_at` and `enabled`, replaces url and capabilities, merges
   * extras. Throws `RegistrationTooLargeError` (nothing stored) when capabilities and the
   * merged extras exceed the registration size limits.
   */
  registerPeer(input: RegisterPeerInput): Promise<{ peer: Peer; created: boolean }>;
  /** The registered peers by name: all of them, or those after `after`, at most `limit`. */
  listPeers(page?: { after?: string | undefined; limit: number }): Promise<Peer[]>;
  getPeer(name: string): Promise<Peer | undefined>;
  setPeerEnabled(name: string, enabled: boolean): Promise<Peer | undefined>;
  /** Sets `last_seen` of a peer (no-op for an unknown name). */
  touchPeer(name: string, at: string): Promise<void>;
  /**
   * Stores a message and sets the sender's `last_seen`, atomically, when the recipient is a
   * registered, enabled peer and the sender is not a disabled peer; otherwise stores nothing
   * and says why (`refused`). With an idempotency key that the same sender used since
   * `notBefore`, looks that up first: the same message (recipient, kind, content, thread and
   * task) returns the first message, a different one is `idempotency_key_conflict`; nothing
   * is stored either way. Ids become visible to readers in increasing order (a cursor never
   * skips a message that commits late) and `created_at` never decreases in id order.
   */
  insertMessage(message: NewMessage, idempotency?: IdempotencyOptions): Promise<InsertResult>;
  /**
   * Messages by id ascending. With any filter or an `afterId` cursor: the first `limit`
   * matches after the cursor (drain order). Without any: the most recent `limit` messages,
   * still in ascending order.
   */
  listMessages(query: MessageQuery): Promise<Message[]>;
  /**
   * Optional: `listMessages` already as JSON text, each message byte for byte what
   * `JSON.stringify` makes of it. A back end that can build it in the database saves the inbox
   * read a row object per message and its serialization.
   */
  listMessagesJson?(query: MessageQuery): Promise<MessagesJson>;
  /** The threads of `query`, newest activity (last message id) first. */
  listThreads(query: ThreadQuery): Promise<StrictThread[]>;
  getMessage(id: number): Promise<Message | undefined>;
  /**
   * The message a sender stored under an idempotency key used since `notBefore`, if any (the
   * lookup a send makes before anything else; `insertMessage` checks again atomically).
   */
  findIdempotent(fromNode: string, key: string, notBefore: string): Promise<Message | undefined>;
  /** Sets `read_at` only when it is still null; returns the message, or undefined when unknown. */
  markRead(id: number, at: string): Promise<Message | undefined>;
  /**
   * Sets `delivered_at` to `at` on those of `ids` (at most 1000) that are addressed to
   * `recipient` and not delivered yet, in one statement; returns the ids it set.
   */
  markDelivered(recipient: string, ids: readonly number[], at: string): Promise<number[]>;
  /**
   * Sets `expired_at` to `at` on at most `limit` questions whose `reply_by` is not after `at`
   * (and after `after`, when given: the sweeps before covered the rest) and that are neither
   * answered nor expired; returns how many.
   */
  expireQuestions(at: string, limit: number, after?: string): Promise<number>;
  /**
   * Calls `listener` with every change of a message's `state` (delivered, read, answered,
   * expired) made from now on, by this process or (PostgreSQL) any gateway on the same
   * database, soon after it commits. Returns the unsubscribe function.
   */
  onReceipt(listener: (receipt: SenderReceipt) => void): () => void;
  /** The undelivered backlog and the oldest unread message per recipient (metrics). */
  receiptBacklog(): Promise<ReceiptBacklog>;
  /** Bulk insert in one transaction, for seeding and imports. */
  importMessages(messages: readonly ImportedMessage[]): Promise<void>;
  /** Stores the SHA-256 hash (hex) of a peer token. */
  saveToken(peer: string, tokenHash: string, at: string): Promise<void>;
  /** Deletes every token of a peer; returns how many. */
  revokeTokens(peer: string): Promise<number>;
  /** The peer a token hash belongs to. */
  findTokenPeer(tokenHash: string): Promise<string | undefined>;
  /** The peers that hold at least one live token, sorted (for a "did you mean" when issuing). */
  listTokenPeers(): Promise<string[]>;
  /**
   * The peers holding live tokens, by name (after `after`, at most `limit`), with how many and
   * when they were issued, and whether each is registered. Never a hash.
   */
  listTokenHolders(query: {
    after?: string | undefined;
    limit: number;
  }): Promise<StrictTokenHolder[]>;
  /**
   * Messages not read yet, and the oldest of them (an index of unread ids answers both; for the
   * backlog metrics).
   */
  unreadBacklog(): Promise<{ count: number; oldest: Message | undefined }>;
  /** Whether any of these token hashes is a live token (at most 1000 hashes). */
  anyLiveToken(tokenHashes: readonly string[]): Promise<boolean>;
  /**
   * Calls `listener` with the recipient of every message stored from now on, by this process
   * or (PostgreSQL) any other on the same database, soon after it commits; with `undefined`
   * when messages to anyone may have been stored unannounced (after a reconnect). SQLite, the
   * single writer, also passes the stored message, in id order. Returns the unsubscribe function.
   */
  onMessage(listener: (toNode: string | undefined, message?: Message) => void): () => void;
  /**
   * Calls `listener` with each peer whose tokens are revoked or who is disabled, by this process
   * or (PostgreSQL with a listening connection) any gateway on the same database, soon after it
   * commits; the app ends that peer's streams and waits. Returns the unsubscribe function.
   */
  onAccessChange?(listener: (peer: string) => void): () => void;
  /** Forgets idempotency keys used before `before`; returns how many. */
  purgeIdempotencyKeys(before: string): Promise<number>;
  close(): Promise<void>;
}
