export { PEER_NAME_PATTERN } from "@mesh/protocol";
export { canonicalNames } from "./canonical-names.js";
export { GatewayUnreachableError } from "./gateway-unreachable-error.js";
export { InvalidPeerNameError } from "./invalid-peer-name-error.js";
export { isRegistered } from "./is-registered.js";
export { KNOWN_ALIASES } from "./known-aliases.js";
export { normalizeNodeName } from "./normalize-node-name.js";
export { NotInRegistryError } from "./not-in-registry-error.js";
export { clearRegistryCache } from "./registry-cache.js";
export type {
  RegistryLogger,
  RegistryOptions,
  ValidateNodeNameOptions,
} from "./registry-options.js";
export { validateNodeName } from "./validate-node-name.js";
