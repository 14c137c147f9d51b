/** An ISO 8601 timestamp as `YYYY-MM-DD HH:MM:SS` UTC for tables; `-` when absent or unreadable. */
export function formatTime(value: string | null | undefined): string {
  if (typeof value !== "string" || value === "") return "-";
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return new Date(time).toISOString().slice(0, 19).replace("T", " ");
}
