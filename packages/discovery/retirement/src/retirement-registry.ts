/**
 * Registry value: an ISO date `YYYY-MM-DD` (first UTC day the model is no longer routable)
 * or the sentinel `deprecated` (still routable, never retired).
 */
export type RetirementValue = string;

/**
 * The retirement registry, keyed `<provider>/<model_id>` with the model-family provider names
 * (`grok`, `claude`). Keys are a stable contract that consumers may iterate. Verified 2026-05-09.
 *
 * This file is the registry's only data: changing an entry releases only this package.
 */
export const RETIREMENT_REGISTRY: Readonly<Record<string, RetirementValue>> = Object.freeze({
  "grok/grok-4": "2026-05-15",
  "grok/grok-code-fast-1": "2026-05-15",
  "claude/claude-sonnet-3-7": "deprecated",
  "claude/claude-opus-3": "deprecated",
});
