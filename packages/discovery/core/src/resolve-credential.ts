/**
 * First candidate that is a non-empty string after trimming, trimmed; else
 * undefined. Discovery lookups treat an empty key as a missing one.
 */
export function resolveCredential(
  ...candidates: ReadonlyArray<string | undefined | null>
): string | undefined {
  for (const candidate of candidates) {
    if (typeof candidate === "string") {
      const trimmed = candidate.trim();
      if (trimmed !== "") return trimmed;
    }
  }
  return undefined;
}

/** Value of an environment variable, or undefined outside Node or when unset. */
export function envValue(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env;
  return env?.[name];
}
