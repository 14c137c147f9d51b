export type { ContentGuardMode } from "./content-guard.js";
export type {
  GatewayStorage,
  IdempotencyOptions,
  ImportedMessage,
  MessageQuery,
  NewMessage,
  RegisterPeerInput,
} from "./gateway-storage.js";
export { describeDatabase, isPostgresUrl, openStorage } from "./open-storage.js";
export { buildOpenApiDocument } from "./openapi-document.js";
export { PEER_NAME_PATTERN } from "./peer-name-pattern.js";
export type { GatewayLogEntry, GatewayLogger } from "./request-logger.js";
export {
  type GatewayOptions,
  issuePeerToken,
  type RunningGateway,
  startGateway,
} from "./start-gateway.js";
export { StorageError, type StorageErrorCode } from "./storage-error.js";
export {
  MAX_BODY_BYTES,
  MAX_CONTENT_BYTES,
  MESSAGE_KINDS,
  type Message,
  type MessageKind,
  type Peer,
} from "./wire-schemas.js";
