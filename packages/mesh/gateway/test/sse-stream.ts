import http from "node:http";
import type { RunningGateway } from "../src/index.js";
import { ADMIN_TOKEN } from "./helpers.js";

export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** One open SSE response read by hand: blocks are parsed as they arrive. */
export interface TestStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Resolves with the next block that satisfies `match` (earlier ones are consumed). */
  next(match?: (event: SseEvent) => boolean): Promise<SseEvent>;
  /** Resolves when the server ends the response. */
  ended: Promise<void>;
  close(): void;
}

export function openStream(
  gateway: Pick<RunningGateway, "url">,
  path = "/messages/stream",
  headers: Record<string, string> = { authorization: `Bearer ${ADMIN_TOKEN}` },
): Promise<TestStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${gateway.url}${path}`, { headers }, (response) => {
      const queue: SseEvent[] = [];
      let waiting: (() => void) | undefined;
      let buffer = "";
      const ended = new Promise<void>((done) => response.once("close", done));
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let cut = buffer.indexOf("\n\n");
        while (cut !== -1) {
          queue.push(parseBlock(buffer.slice(0, cut)));
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf("\n\n");
        }
        waiting?.();
      });
      const next = async (match: (event: SseEvent) => boolean = (e) => e.event === "message") => {
        for (;;) {
          const event = queue.shift();
          if (event !== undefined) {
            if (match(event)) return event;
            continue;
          }
          if (response.closed) throw new Error("stream ended");
          await Promise.race([new Promise<void>((wake) => (waiting = wake)), ended]);
        }
      };
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        next,
        ended,
        close: () => request.destroy(),
      });
    });
    request.on("error", reject);
  });
}

function parseBlock(block: string): SseEvent {
  const event: SseEvent = {};
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) event.comment = line.slice(1).trim();
    const colon = line.indexOf(": ");
    if (colon <= 0) continue;
    const field = line.slice(0, colon);
    if (field === "id" || field === "event" || field === "data")
      event[field] = line.slice(colon + 2);
  }
  return event;
}
