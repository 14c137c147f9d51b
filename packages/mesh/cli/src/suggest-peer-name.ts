import { PEER_NAME_PATTERN } from "@mesh/protocol";

/**
 * The closest well-formed peer name (`Alice_01` -> `alice-01`), for a "did you mean"; `undefined`
 * when the name is already well formed or nothing close is.
 */
export function suggestPeerName(name: string): string | undefined {
  const candidate = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
  return candidate !== name && PEER_NAME_PATTERN.test(candidate) ? candidate : undefined;
}
