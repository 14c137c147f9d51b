import { MESH_ERROR_BRAND } from "./guard-argument-error.js";
import { KNOWN_SECRET_RULE_ID } from "./secret-rules.js";

/** Where and what the guard matched (never the matched text). */
export interface SecretMatch {
  /** Rule id from `SECRET_RULES`, or `known-secret`. */
  readonly ruleId: string;
  /** Human label of the rule. */
  readonly label: string;
  /** UTF-16 index of the first character of the match in the content. */
  readonly index: number;
  /** Length of the match in UTF-16 code units. */
  readonly length: number;
}

/**
 * Content was refused because it looks like it carries a credential. The message names the
 * rule and never contains the secret. `err instanceof MeshError` (from `@mesh/errors`) holds.
 */
export class CredentialLeakError extends Error {
  /** Stable machine-readable code shared with `@mesh/errors`. */
  readonly code = "credential_leak";
  readonly [MESH_ERROR_BRAND] = true;
  declare readonly ruleId: string;
  declare readonly label: string;
  declare readonly index: number;
  declare readonly length: number;

  constructor(match: SecretMatch) {
    super(
      `${
        match.ruleId === KNOWN_SECRET_RULE_ID
          ? "refusing to send: content contains the live MESH_GATEWAY_TOKEN value."
          : `refusing to send: content matches ${match.label} pattern.`
      } Credentials travel out of band, never in DM content.`,
    );
    this.name = "CredentialLeakError";
    this.ruleId = match.ruleId;
    this.label = match.label;
    this.index = match.index;
    this.length = match.length;
  }
}
