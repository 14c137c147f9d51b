import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the scripted server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
}

export type Handler = (req: SeenRequest, res: ServerResponse) => void | Promise<void>;

/**
 * A small node:http server on a free loopback port whose answers each test scripts: garbage
 * bodies, slow answers, dropped connections, failures then success. It records every request.
 */
export interface ScriptedServer {
  url: string;
  requests: SeenRequest[];
  /** Requests to one method and path. */
  count(method: string, path: string): number;
  /** Replaces the handler; the default answers `GET /peers` with `peers` and 404 otherwise. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startScriptedServer(
  peers: string[] = ["droplet", "lab-ovh", "gpu-wsl"],
): Promise<ScriptedServer> {
  const requests: SeenRequest[] = [];
  const registry: Handler = (req, res) => {
    if (req.method === "GET" && req.path === "/peers") {
      json(res, 200, { peers: peers.map((name) => ({ name })) });
      return;
    }
    json(res, 404, { error: "not_found", message: "no script for this request" });
  };
  let handler: Handler = registry;
  const server = createServer(async (incoming, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const url = new URL(incoming.url ?? "/", "http://localhost");
    const seen: SeenRequest = {
      method: incoming.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    requests.push(seen);
    try {
      await handler(seen, res);
    } catch {
      res.destroy();
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count: (method, path) => requests.filter((r) => r.method === method && r.path === path).length,
    handle(next) {
      // Registry lookups made by `send` keep working unless the script answers them itself.
      handler = async (req, res) => {
        await next(req, res);
        if (!res.headersSent && !res.destroyed) await registry(req, res);
      };
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export function text(res: ServerResponse, status: number, body: string, type = "text/plain"): void {
  res.writeHead(status, { "content-type": type });
  res.end(body);
}

/** A valid message row as the gateway would return it. */
export function messageRow(id: number, from: string, to: string, extra: object = {}) {
  return {
    id,
    from_node: from,
    to_node: to,
    kind: "fyi",
    content: `message ${id}`,
    created_at: "2026-01-02T03:04:05.000Z",
    read_at: null,
    related_task_id: null,
    thread_id: null,
    ...extra,
  };
}
