import { PEER_NAME_PATTERN } from "@mesh/protocol";

/** Why a new peer cannot be added as typed, or its capabilities object when it can. */
export function checkNewPeer(
  name: string,
  capabilities: string,
  known: readonly string[],
): string | Record<string, unknown> {
  if (!PEER_NAME_PATTERN.test(name)) {
    return "Name: 2 to 64 characters, lowercase letters, digits and '-', a letter first and no '-' last.";
  }
  if (known.includes(name)) {
    return `${name} is registered already: use "Issue token" on its row instead.`;
  }
  let parsed: unknown;
  try {
    parsed = capabilities.trim() === "" ? {} : JSON.parse(capabilities);
  } catch {
    return 'Capabilities: not valid JSON. Write an object, e.g. {"runtime": "node"}.';
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return 'Capabilities: write a JSON object, e.g. {"runtime": "node"}.';
  }
  return parsed as Record<string, unknown>;
}
