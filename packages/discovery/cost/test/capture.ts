import type { DiscoveryLogger } from "@discovery/core";
import { expect } from "vitest";

/** A logger that keeps every line, for assertions. */
export function recordingLogger(): DiscoveryLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (message) => lines.push(message) };
}

/** The global fetch, recording every URL exactly as the client built it. */
export function recordingFetch(): typeof fetch & { urls: string[] } {
  const urls: string[] = [];
  const recording = (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    urls.push(String(input));
    return fetch(input, init);
  };
  return Object.assign(recording, { urls });
}

/** Fails when the key shows up in any log line or anywhere in the result. */
export function expectKeyNowhere(key: string, lines: readonly string[], result: unknown): void {
  for (const line of lines) expect(line).not.toContain(key);
  expect(JSON.stringify(result) ?? "").not.toContain(key);
}
