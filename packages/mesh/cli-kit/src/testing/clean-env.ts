/**
 * An environment with nothing from the developer's shell but `PATH` and `HOME` (no settings, keys
 * or colour forcing), plus `extra`.
 */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "/tmp", ...extra };
}
