/**
 * The canonical peer-name format: 2 to 64 characters, a lowercase letter first,
 * a lowercase letter or digit last, lowercase letters, digits and hyphens between.
 *
 * No `g`/`y` flag (so `test` keeps no state between calls) and no `m` flag
 * (so `$` matches only at the very end: `"droplet\n"` is refused).
 */
export const PEER_NAME_PATTERN: RegExp = /^[a-z][a-z0-9-]{0,62}[a-z0-9]$/;
