/**
 * The canonical peer-name format: 2 to 64 characters, a lowercase letter first,
 * a lowercase letter or digit last, lowercase letters, digits and hyphens between.
 *
 * No `g`/`y` flag (so `test` keeps no state between calls) and no `m` flag
 * (so `$` matches only at the very end: `"droplet\n"` is refused).
 */
export const PEER_NAME_PATTERN: RegExp = /^[a-z][a-z0-9-]{0,62}[a-z0-9]$/;

/** {@link PEER_NAME_PATTERN} in words, for messages and hints that tell a person how to fix a name. */
export const PEER_NAME_FORMAT =
  "2 to 64 characters: lowercase letters, digits and hyphens, starting with a letter and ending with a letter or digit";
