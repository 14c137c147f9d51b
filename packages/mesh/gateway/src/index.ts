export {
  DM_KINDS as MESSAGE_KINDS,
  type DmKind as MessageKind,
  MAX_BODY_BYTES,
  MAX_CONTENT_BYTES,
  PEER_NAME_PATTERN,
  type StrictMessage as Message,
  type StrictPeer as Peer,
} from "@mesh/protocol";
export type { ContentGuardMode } from "./content-guard.js";
export type {
  GatewayStorage,
  IdempotencyOptions,
  ImportedMessage,
  MessageQuery,
  NewMessage,
  ReceiptBacklog,
  RegisterPeerInput,
  SenderReceipt,
  WakeupSource,
} from "./gateway-storage.js";
export {
  checkDatabase,
  describeDatabase,
  isPostgresUrl,
  type OpenStorageOptions,
  openStorage,
} from "./open-storage.js";
export { buildOpenApiDocument } from "./openapi-document.js";
export type { GatewayLogEntry, GatewayLogger } from "./request-logger.js";
export { runServeCommand, type ServeCommandMount } from "./run-serve-command.js";
export {
  type GatewayOptions,
  issuePeerToken,
  type RunningGateway,
  startGateway,
} from "./start-gateway.js";
export {
  StorageError,
  type StorageErrorCode,
  type StorageErrorOptions,
} from "./storage-error.js";
