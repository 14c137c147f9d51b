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
export { CredentialLeakError } from "@mesh/secret-guard";
export { DM_KINDS, type DmKind } from "./dm-kinds.js";
export {
  type FetchMessagesOptions,
  MeshClient,
  type MeshClientOptions,
  type RegisterOptions,
  type SendOptions,
  type WatchOptions,
} from "./mesh-client.js";
export {
  type Message,
  MessageSchema,
  type SentMessage,
  SentMessageSchema,
} from "./message-schema.js";
export { type Peer, PeerSchema } from "./peer-schema.js";
export type { StreamOptions } from "./stream-messages.js";
