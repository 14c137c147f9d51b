export {
  MeshAuthError,
  MeshError,
  MeshGatewayError,
  MeshValidationError,
} from "@mesh/errors";
export {
  GatewayUnreachableError,
  InvalidPeerNameError,
  NotInRegistryError,
} from "@mesh/names";
export {
  DM_KINDS,
  type DmKind,
  type Message,
  MessageSchema,
  type Peer,
  PeerSchema,
  type Receipt,
  ReceiptSchema,
  type SentMessage,
  SentMessageSchema,
  type Thread,
  ThreadSchema,
} from "@mesh/protocol";
export { CredentialLeakError } from "@mesh/secret-guard/spec";
export {
  type FetchMessagesOptions,
  MeshClient,
  type MeshClientOptions,
  type RegisterOptions,
  type SendOptions,
  type SentOptions,
  type ThreadsOptions,
  type WatchOptions,
} from "./mesh-client.js";
export type { MessagesQuery } from "./message-query.js";
export type { ConnectionEvent, StreamEvent, StreamOptions } from "./stream-messages.js";
