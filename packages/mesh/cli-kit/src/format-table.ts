import type { Style } from "./create-style.js";
import { displayWidth } from "./display-width.js";

/** One column of {@link formatTable}. */
export interface Column {
  header: string;
  /** Numbers read best right-aligned. Default `left`. */
  align?: "left" | "right";
}

/**
 * An aligned text table: a header row, then one line per row, columns two spaces apart, without
 * trailing spaces, aligned by display width (wide characters and emoji take two columns). Cells
 * are single-line text; the caller shortens long values.
 */
export function formatTable(
  columns: readonly Column[],
  rows: readonly string[][],
  style: Style,
): string {
  const widths = columns.map((column, i) =>
    Math.max(displayWidth(column.header), ...rows.map((row) => displayWidth(row[i] ?? ""))),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => {
        const pad = " ".repeat(Math.max(0, (widths[i] ?? 0) - displayWidth(cell)));
        return columns[i]?.align === "right" ? pad + cell : cell + pad;
      })
      .join("  ")
      .trimEnd();
  const header = line(columns.map((column) => style.bold(column.header)));
  return `${[header, ...rows.map(line)].join("\n")}\n`;
}

/** The first line of `text`, cut to `max` characters with an ellipsis. */
export function preview(text: string, max: number): string {
  const first = text.split(/\r?\n/, 1)[0] ?? "";
  const more = first.length < text.trimEnd().length;
  if (first.length > max) return `${first.slice(0, max - 1)}…`;
  return more ? `${first} …` : first;
}
