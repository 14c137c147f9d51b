const UNITS = [
  [1_073_741_824, "GiB"],
  [1_048_576, "MiB"],
  [1024, "KiB"],
] as const;

/**
 * A byte count as people read it in a hint, in the largest binary unit that divides it exactly:
 * `formatBytes(MAX_CONTENT_BYTES)` is `"64 KiB"`, `formatBytes(MAX_BODY_BYTES)` is `"1 MiB"`, and a
 * count no unit divides stays in bytes (`"1500 bytes"`), so a hint never rounds a limit.
 */
export function formatBytes(bytes: number): string {
  for (const [size, unit] of UNITS) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
}
