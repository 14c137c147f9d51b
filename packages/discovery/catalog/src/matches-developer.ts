import type { ModelInfo } from "./model-info.js";

/**
 * Loose developer match: the model's developer label, lowercased with spaces
 * removed, equals `developer` lowercased with spaces and hyphens removed.
 * So `Open AI` matches `openai` and `OpenAI`, and `X AI` matches `x-ai` (the
 * label keeps its own hyphens, as the spec says). False, never an exception,
 * when either side is not a string.
 */
export function matchesDeveloper(model: Pick<ModelInfo, "developer">, developer: string): boolean {
  const label = (model as Partial<Pick<ModelInfo, "developer">> | null | undefined)?.developer;
  if (typeof label !== "string" || typeof developer !== "string") return false;
  return labelKey(label) === developerKey(developer);
}

/** The label side of {@link matchesDeveloper}. */
export function labelKey(label: string): string {
  return label.toLowerCase().replaceAll(" ", "");
}

/** The query side of {@link matchesDeveloper}. */
export function developerKey(developer: string): string {
  return developer.toLowerCase().replace(/[ -]/g, "");
}
