import type { IncomingMessage } from "node:http";

/** Statuses whose response has no body, whatever the server sends. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A `fetch` over `node:http` and `node:https`, for processes that make a few calls and exit,
 * such as a command line: it skips the set-up of Node's own `fetch` (its connection pool and
 * request machinery) and costs less CPU per call. The answer is a standard `Response`.
 *
 * It covers what the mesh transport uses: a method, headers, a string or byte body and a
 * signal in; a `Response` whose body streams as it arrives (event streams) out. It does not
 * follow redirects (a 3xx is returned as is), ask for compression, or keep cookies. A failure
 * to connect rejects with a `TypeError` whose `cause` is the socket error, as Node's `fetch`
 * does; an abort rejects with the signal's reason.
 */
export async function nodeHttpFetch(
  input: RequestInfo | URL,
  init: RequestInit = {},
): Promise<Response> {
  if (typeof input !== "string" && !(input instanceof URL)) {
    throw new TypeError("nodeHttpFetch takes a URL or a URL string, not a Request");
  }
  const url = new URL(input);
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw signal.reason;
  const body = requestBody(init.body);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`fetch failed: unsupported protocol ${url.protocol}`);
  }
  // Taken when called: a module that never calls it does not load node:http.
  const http =
    url.protocol === "https:"
      ? process.getBuiltinModule("node:https")
      : process.getBuiltinModule("node:http");
  return new Promise<Response>((resolve, reject) => {
    const headers = Object.fromEntries(new Headers(init.headers));
    const request = http.request(url, { method: init.method ?? "GET", headers, signal });
    request.once("response", (response) => {
      try {
        const answer = toResponse(response, request.method === "HEAD");
        // What fetch sets and the `Response` constructor cannot: the address answered.
        Object.defineProperty(answer, "url", { value: url.href });
        resolve(answer);
      } catch (error) {
        // A status a `Response` cannot hold (under 200 or over 599).
        response.destroy();
        reject(new TypeError("fetch failed", { cause: error }));
      }
    });
    request.once("error", (error) => {
      reject(signal?.aborted ? signal.reason : new TypeError("fetch failed", { cause: error }));
    });
    request.end(body);
  });
}

function requestBody(body: RequestInit["body"]): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  throw new TypeError("nodeHttpFetch sends a string or bytes as the body, nothing else");
}

function toResponse(response: IncomingMessage, head: boolean): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const status = response.statusCode ?? 0;
  const hasBody = !head && !NULL_BODY_STATUSES.has(status);
  if (!hasBody) response.resume();
  return new Response(hasBody ? bodyStream(response) : null, {
    status,
    statusText: response.statusMessage ?? "",
    headers,
  });
}

/**
 * The body as a web stream, pulled from the socket only when read (an event stream flows as it
 * comes); cancelling it closes the connection.
 */
function bodyStream(response: IncomingMessage): ReadableStream<Uint8Array> {
  const chunks = response[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(new Uint8Array(next.value as Buffer));
      },
      cancel() {
        response.destroy();
      },
    },
    // No read-ahead: nothing is pulled until a reader asks.
    { highWaterMark: 0 },
  );
}
