import type pg from "pg";

/** Statement names by text, the same for every pool and connection of the process. */
const names = new Map<string, string>();

/**
 * `text` as a named prepared statement: each connection parses and plans it once, then only
 * binds and runs it (planning the send batch's statement cost PostgreSQL more than storing the
 * batch). Only for statements that name their result columns: a prepared `SELECT *` fails
 * once a migration by a newer gateway adds a column.
 */
export function namedStatement(text: string, values: unknown[]): pg.QueryConfig {
  let name = names.get(text);
  if (name === undefined) {
    name = `mesh_${names.size}`;
    names.set(text, name);
  }
  return { name, text, values };
}
