export { PEER_NAME_PATTERN } from "@mesh/protocol";
export { canonicalNames } from "./canonical-names.js";
export { closeMatches } from "./close-matches.js";
export {
  type GatewayRequest,
  type GatewayResponse,
  GatewayTransport,
  type GatewayTransportOptions,
} from "./gateway-transport.js";
export {
  GatewayUnreachableError,
  type GatewayUnreachableErrorOptions,
} from "./gateway-unreachable-error.js";
export {
  InvalidPeerNameError,
  type InvalidPeerNameErrorOptions,
} from "./invalid-peer-name-error.js";
export { isRegistered } from "./is-registered.js";
export { isSelfMessage } from "./is-self-message.js";
export { KNOWN_ALIASES } from "./known-aliases.js";
export { nodeHttpFetch } from "./node-http-fetch.js";
export { type NormalizeNodeNameOptions, normalizeNodeName } from "./normalize-node-name.js";
export { NotInRegistryError, type NotInRegistryErrorOptions } from "./not-in-registry-error.js";
export { redactToken } from "./redact-token.js";
export { clearRegistryCache } from "./registry-cache.js";
export type {
  RegistryLogger,
  RegistryOptions,
  ValidateNodeNameOptions,
} from "./registry-options.js";
export { type PeerAliases, parseAliases, resolveAliases } from "./resolve-aliases.js";
export { type GatewaySettings, resolveGateway } from "./resolve-gateway.js";
export { validateNodeName } from "./validate-node-name.js";
