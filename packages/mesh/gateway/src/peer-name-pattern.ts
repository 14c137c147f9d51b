/**
 * The peer-name format of VENDORS.md section 5: 2 to 64 characters, a lowercase letter
 * first, a lowercase letter or digit last, lowercase letters, digits and hyphens between.
 * No `m` flag, so a trailing line break is refused.
 */
export const PEER_NAME_PATTERN: RegExp = /^[a-z][a-z0-9-]{0,62}[a-z0-9]$/;
