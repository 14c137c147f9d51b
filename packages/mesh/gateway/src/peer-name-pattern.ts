/**
 * The peer-name format of VENDORS.md section 5, shared with the client through `@mesh/names`
 * so the gateway and its clients can never disagree on what a valid name is.
 */
export { PEER_NAME_PATTERN } from "@mesh/names";
