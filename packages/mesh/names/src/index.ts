export { PEER_NAME_PATTERN } from "@mesh/protocol";
// The HTTP client moved to @mesh/transport; its names stay importable from here.
export {
  type GatewayRequest,
  type GatewayResponse,
  type GatewaySettings,
  GatewayTransport,
  type GatewayTransportOptions,
  nodeHttpFetch,
  redactToken,
  resolveGateway,
} from "@mesh/transport";
export { canonicalNames } from "./canonical-names.js";
export { closeMatches } from "./close-matches.js";
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
export { type NormalizeNodeNameOptions, normalizeNodeName } from "./normalize-node-name.js";
export { NotInRegistryError, type NotInRegistryErrorOptions } from "./not-in-registry-error.js";
export { clearRegistryCache } from "./registry-cache.js";
export type {
  RegistryLogger,
  RegistryOptions,
  ValidateNodeNameOptions,
} from "./registry-options.js";
export { type PeerAliases, parseAliases, resolveAliases } from "./resolve-aliases.js";
export { validateNodeName } from "./validate-node-name.js";
