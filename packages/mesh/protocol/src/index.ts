export {
  DEFAULT_GATEWAY_DATABASE,
  DEFAULT_GATEWAY_HOST,
  DEFAULT_GATEWAY_PORT,
  DEFAULT_GATEWAY_URL,
} from "./defaults.js";
export { DM_KINDS, type DmKind } from "./dm-kinds.js";
export { ERROR_CODES, type ErrorCode, isErrorCode } from "./error-codes.js";
export {
  ERROR_TABLE,
  type ErrorTableEntry,
  errorHint,
  errorStatus,
  type HintWords,
} from "./error-table.js";
export { formatBytes } from "./format-bytes.js";
export {
  DEFAULT_MESSAGE_LIMIT,
  DEFAULT_THREAD_LIMIT,
  DEFAULT_TOKEN_HOLDER_LIMIT,
  IDEMPOTENCY_WINDOW_MS,
  MAX_BODY_BYTES,
  MAX_CONTENT_BYTES,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_MESSAGE_LIMIT,
  MAX_PAGE_BYTES,
  MAX_PEER_LIMIT,
  MAX_PEER_PAGES,
  MAX_PEER_URL_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_REPLY_BY_MS,
  MAX_SEARCH_LENGTH,
  MAX_SEARCH_WORDS,
  MAX_THREAD_LIMIT,
  MAX_TOKEN_HOLDER_LIMIT,
  MAX_WAIT_SECONDS,
  MIN_MESSAGE_LIMIT,
} from "./limits.js";
export {
  MESSAGE_STATES,
  type MessageState,
  messageState,
  type ReceiptFields,
} from "./message-states.js";
export { PEER_NAME_FORMAT, PEER_NAME_PATTERN } from "./peer-name-pattern.js";
export { isRetryableStatus, RETRYABLE_STATUSES } from "./retryable-statuses.js";
export { isStorableJson, MAX_JSON_DEPTH } from "./storable-json.js";
export {
  STREAM_IDLE_TIMEOUT_MS,
  STREAM_MISSED_PINGS,
  STREAM_PING_MS,
} from "./stream-timing.js";
export {
  ErrorBodySchema,
  IssuedTokenSchema,
  IssueTokenBodySchema,
  MessageListSchema,
  MessagesQuerySchema,
  PatchPeerBodySchema,
  PeerListSchema,
  PeersQuerySchema,
  RegisterBodySchema,
  RevokedTokensSchema,
  SendBodySchema,
  type StrictMessage,
  StrictMessageSchema,
  type StrictPeer,
  StrictPeerSchema,
  type StrictReceipt,
  StrictReceiptSchema,
  StrictSentMessageSchema,
  type StrictThread,
  StrictThreadSchema,
  type StrictTokenHolder,
  StrictTokenHolderSchema,
  ThreadListSchema,
  ThreadsQuerySchema,
  TokenHolderListSchema,
  TokenHoldersQuerySchema,
} from "./strict-schemas.js";
export {
  ErrorBodyLooseSchema,
  FreeFormObjectSchema,
  type Message,
  MessageListBodySchema,
  MessageSchema,
  type Peer,
  PeerListBodySchema,
  PeerSchema,
  type Receipt,
  ReceiptSchema,
  type SentMessage,
  SentMessageSchema,
  type Thread,
  ThreadListBodySchema,
  ThreadSchema,
} from "./tolerant-schemas.js";
