/**
 * Known aliases, alias -> canonical name. One direction only: a canonical name
 * is never rewritten, and an alias never maps to another alias.
 */
export const KNOWN_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  drop: "droplet",
  "lab-claude": "lab-ovh",
  "ws-lc": "workstation-lc",
});
