import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the fake gateway saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  authorization: string | undefined;
}

/** What the fake gateway answers: a JSON value (status 200), or full control. */
export type PeersReply =
  | { json: unknown }
  | { status: number; body: string; contentType?: string }
  | { hang: "headers" | "body" }
  | ((req: IncomingMessage, res: ServerResponse) => void);

export interface PeersServer {
  /** Base address, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Every request received, in order. */
  requests: SeenRequest[];
  /** Changes what the next requests get. */
  reply(reply: PeersReply): void;
  close(): Promise<void>;
}

/** A tiny gateway on 127.0.0.1 (port 0) that serves `GET /peers` and 404 elsewhere. */
export async function startPeersServer(initial: PeersReply = { json: [] }): Promise<PeersServer> {
  let current = initial;
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({
      method: req.method ?? "",
      url: req.url ?? "",
      authorization: req.headers.authorization,
    });
    if (req.url !== "/peers") {
      res.writeHead(404, { "content-type": "application/json" }).end('{"detail":"not found"}');
      return;
    }
    const reply = current;
    if (typeof reply === "function") {
      reply(req, res);
    } else if ("json" in reply) {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply.json));
    } else if ("hang" in reply) {
      // Never finishes: the client's timeout must end the request.
      if (reply.hang === "body") {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"peers": [');
      }
    } else {
      res
        .writeHead(reply.status, { "content-type": reply.contentType ?? "application/json" })
        .end(reply.body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(next) {
      current = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The address of a port that was free a moment ago and now refuses connections. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** A controllable clock for the `now` option, in milliseconds. */
export function manualClock(start = 1_000_000): {
  now: () => number;
  advanceSeconds: (seconds: number) => void;
} {
  let time = start;
  return {
    now: () => time,
    advanceSeconds(seconds) {
      time += seconds * 1000;
    },
  };
}

/** A logger that keeps the warnings for assertions. */
export function captureLogger(): { warn: (message: string) => void; warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, warn: (message) => warnings.push(message) };
}
