// The send rate as a client sees it: POST /messages to a gateway run as a user runs it (the
// CLI's `serve`, request log on, defaults), in its own process, loaded by autocannon from this
// one. A storage-level rate leaves out everything else a send pays for (HTTP, auth, the guard,
// the log), so the share of one part looks larger there than a user would ever see it.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { stopChild, whenListening } from "./child-gateway.ts";

const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const TOKEN = "bench-http-admin-token-0123456789";
const CONNECTIONS = 32;
const WARMUP_S = 1;
const DURATION_S = 4;

/** One send on the wire (the admin token may send as any peer). */
export interface WireSend {
  from_node: string;
  to_node: string;
  kind: string;
  content: string;
  thread_id?: string | null;
}

/**
 * Sends/s of `POST /messages` on `database` (its peers registered beforehand), send `i` being
 * `sendOf(i)`, after an unmeasured warm-up; throws if any send fails.
 */
export async function httpSendRate(
  database: string,
  sendOf: (index: number) => WireSend,
): Promise<number> {
  const child = spawn(process.execPath, [CLI, "serve", "--port", "0", "--database", database], {
    env: { ...process.env, MESH_GATEWAY_TOKEN: TOKEN },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Drained and dropped, as under a log collector.
  child.stdout?.resume();
  const { url } = await whenListening(child);
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: `${url}/messages`,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
          setupRequest: (request) => ({ ...request, body: JSON.stringify(sendOf(next++)) }),
        },
      ],
    });
  try {
    await run(WARMUP_S);
    const result = await run(DURATION_S);
    const failed = result.errors + result.timeouts + result.non2xx;
    if (failed > 0) throw new Error(`POST /messages: ${failed} failed sends`);
    return result.requests.average;
  } finally {
    await stopChild(child);
  }
}
