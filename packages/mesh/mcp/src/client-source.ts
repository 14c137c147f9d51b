import type { MeshClient } from "@mesh/client";

/**
 * Where the server gets its client, on every use: the same client each time. A function rather
 * than the client itself, so that `mesh-mcp` loads `@mesh/client` (fetch, the credential guard)
 * on the first tool call instead of before its first answer.
 */
export type ClientSource = () => Promise<MeshClient>;
