/**
 * An ISO time as `YYYY-MM-DD HH:MM:SS UTC`, the format of the `mesh` CLI, so that what an
 * operator reads here matches a terminal and a log; a dash when absent.
 */
export function formatTime(iso: string | null | undefined): string {
  if (typeof iso !== "string" || iso === "") return "—";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return `${new Date(time).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** A duration in seconds as its largest whole unit: `45 s`, `12 min`, `3 h`, `2 d`. */
export function formatAge(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "—";
  if (seconds < 60) return `${Math.floor(seconds)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
}
