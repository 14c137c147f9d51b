import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { errorStatus } from "@mesh/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** What `GET /ui/session` says about the bearer token. */
export interface UiSession {
  auth: "admin" | "peer" | "open";
  peer: string | null;
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/**
 * Only the page's own script, style and API calls; no inline code, no framing, no other origin.
 * `img-src data:` covers the empty favicon that keeps browsers from asking for /favicon.ico.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY_HEADERS = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
} as const;

interface Asset {
  body: Buffer;
  type: string;
}

/** The built dashboard files: beside the bundle in dist, or in dist when running from sources. */
function loadAssets(): Map<string, Asset> {
  const candidates = ["./ui/", "../dist/ui/"].map((path) =>
    fileURLToPath(new URL(path, import.meta.url)),
  );
  const dir = candidates.find((path) => existsSync(join(path, "index.html")));
  const assets = new Map<string, Asset>();
  if (dir === undefined) return assets;
  for (const name of readdirSync(dir)) {
    const type = CONTENT_TYPES[extname(name)];
    if (type !== undefined) assets.set(name, { body: readFileSync(join(dir, name)), type });
  }
  return assets;
}

/**
 * The web dashboard at `/ui/`: static files built into the package (read once, served from
 * memory), with a strict Content-Security-Policy, and `GET /ui/session` telling the page who
 * its token is. The page itself is public; everything it shows comes from the API, with the
 * token the person typed.
 */
export function registerUiRoute(
  app: FastifyInstance,
  session: (request: FastifyRequest) => UiSession,
): void {
  const assets = loadAssets();
  const send = (reply: FastifyReply, name: string, cache: string) => {
    const asset = assets.get(name);
    if (asset === undefined) {
      return reply.code(errorStatus("not_found")).send({
        error: "not_found",
        message:
          name === "index.html"
            ? "the dashboard is not built into this install; run the package build"
            : `no dashboard file ${name.slice(0, 100)}`,
      });
    }
    return reply
      .headers(SECURITY_HEADERS)
      .header("cache-control", cache)
      .type(asset.type)
      .send(asset.body);
  };

  // The gateway's root has nothing of its own: a browser opening it lands on the dashboard.
  app.get("/", (_request, reply) => reply.redirect("/ui/", 302));
  app.get("/ui", (_request, reply) => reply.redirect("/ui/", 308));
  // The page names its hashed assets, so it is revalidated while they are cached for good.
  app.get("/ui/", (_request, reply) => send(reply, "index.html", "no-cache"));
  app.get<{ Params: { file: string } }>("/ui/:file", (request, reply) => {
    const name = request.params.file;
    return send(
      reply,
      name,
      name === "index.html" ? "no-cache" : "public, max-age=31536000, immutable",
    );
  });
  app.get("/ui/session", async (request, reply) => {
    return reply.header("cache-control", "no-store").send(session(request));
  });
}

/** Routes of the dashboard that need no token (the static files). */
export const UI_PUBLIC_ROUTES = ["/", "/ui", "/ui/", "/ui/:file"] as const;
