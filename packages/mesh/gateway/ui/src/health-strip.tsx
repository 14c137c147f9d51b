import { formatTime } from "./format-time.js";
import type { Health } from "./use-health.js";

function Figure({ label, value }: { label: string; value: number | undefined }) {
  if (value === undefined) return null;
  return (
    <li>
      <span class="muted">{label}</span> <strong>{String(value)}</strong>
    </li>
  );
}

/** The gateway at a glance: database, open streams, rate-limit refusals, backlog, API document. */
export function HealthStrip({ health }: { health: Health }) {
  const database = health.reachable ? health.database : "unreachable";
  return (
    <section aria-label="Health" class="health">
      <ul>
        <li>
          <span class="muted">Database</span>{" "}
          <strong class={database === "ok" ? "good" : database === "unknown" ? "" : "bad"}>
            {database}
          </strong>
        </li>
        <Figure label="Open streams" value={health.streams} />
        <Figure label="Rate-limit refusals" value={health.rateLimited} />
        <Figure label="Unread" value={health.unread} />
        <Figure label="Undelivered" value={health.undelivered} />
        <li>
          <a href="/openapi.json" target="_blank" rel="noopener noreferrer">
            API document (OpenAPI)
          </a>
        </li>
      </ul>
    </section>
  );
}

/** Shown while the gateway does not answer; gone by itself once it does. */
export function OutageBanner({ health }: { health: Health }) {
  if (health.reachable) return null;
  return (
    <div role="alert" class="banner outage">
      {`The gateway is not answering (since ${formatTime(health.since)}). Retrying every few seconds; what this page shows may be out of date.`}
    </div>
  );
}
