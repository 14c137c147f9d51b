import type { DiscoveryLogger } from "@discovery/core";

/** A logger that keeps its warnings, for tests. */
export function recordingLogger(): DiscoveryLogger & { messages: string[] } {
  const messages: string[] = [];
  return {
    messages,
    warn(message) {
      messages.push(message);
    },
  };
}
