import type { LifecycleEntry, UnknownLifecycle } from "@discovery/retirement";
import type { CommandContext } from "./command-context.js";

/** One line that says where a model stands, e.g. `retired since 2026-05-15; use grok-4.3`. */
export function lifecycleLine(
  context: CommandContext,
  entry: LifecycleEntry | UnknownLifecycle,
): string {
  const { out } = context;
  if (entry.status === "unknown") {
    return out.yellow("status unknown: not in the lifecycle registry (not known to be retired)");
  }
  const use = entry.replacement === undefined ? "" : `; use ${entry.replacement}`;
  const where = entry.scope === "first-party" ? "" : ` on ${entry.scope}`;
  const at = entry.shutdownAt;
  if (entry.status === "retired") {
    return out.red(`retired${where}${at === undefined ? "" : ` since ${at}`}${use}`);
  }
  if (entry.status === "deprecated") {
    return out.yellow(`deprecated${where}${at === undefined ? "" : `, retires on ${at}`}${use}`);
  }
  return at === undefined ? "active" : out.yellow(`active${where}, retires on ${at}${use}`);
}
