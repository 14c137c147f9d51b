import { MeshGatewayError } from "@mesh/errors";
import { parsePeersBody } from "./parse-peers-body.js";
import type { ResolvedRegistryOptions } from "./registry-options.js";

const PATH = "/peers";
/** Characters of a non-JSON body quoted in the error, as the client does. */
const BODY_EXCERPT_LENGTH = 200;

function gatewayError(
  options: ResolvedRegistryOptions,
  message: string,
  status?: number,
  cause?: unknown,
): MeshGatewayError {
  // Text from the server or an injected fetch lands in the message: make sure our token never does.
  const safe =
    options.token === undefined ? message : message.replaceAll(options.token, "[REDACTED]");
  return new MeshGatewayError(safe, {
    method: "GET",
    path: PATH,
    ...(status === undefined ? {} : { status }),
    ...(cause === undefined ? {} : { cause }),
  });
}

function describeNetworkError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // undici reports "fetch failed" and keeps the useful part (ECONNREFUSED, ENOTFOUND...) in `cause`.
  const cause = err.cause;
  const detail =
    cause instanceof Error ? ((cause as { code?: unknown }).code ?? cause.message) : undefined;
  return typeof detail === "string" && detail !== "" ? `${err.message} (${detail})` : err.message;
}

async function request(
  options: ResolvedRegistryOptions,
  signal: AbortSignal,
): Promise<ReadonlySet<string>> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.token !== undefined) headers["authorization"] = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await options.fetch(`${options.gatewayUrl}${PATH}`, { headers, signal });
  } catch (err) {
    throw gatewayError(options, `GET ${PATH} failed: ${describeNetworkError(err)}`, undefined, err);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (err) {
    throw gatewayError(
      options,
      `GET ${PATH} failed while reading the body: ${describeNetworkError(err)}`,
      response.status,
      err,
    );
  }
  if (!response.ok) {
    const hint =
      response.status === 401 || response.status === 403
        ? " (token missing or rejected: check MESH_GATEWAY_TOKEN)"
        : "";
    throw gatewayError(
      options,
      `GET ${PATH} returned HTTP ${response.status}${hint}`,
      response.status,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    // Redact before cutting, so a token split by the cut cannot leak its first half.
    const whole = options.token === undefined ? text : text.replaceAll(options.token, "[REDACTED]");
    throw gatewayError(
      options,
      `GET ${PATH} returned a body that is not JSON: ${JSON.stringify(whole.slice(0, BODY_EXCERPT_LENGTH))}`,
      response.status,
      err,
    );
  }
  const result = parsePeersBody(body);
  if (!result.ok)
    throw gatewayError(options, `GET ${PATH} returned an ${result.reason}`, response.status);
  return result.names;
}

/**
 * One `GET {gatewayUrl}/peers`, bounded by `options.timeout` from the request to
 * the end of the body.
 *
 * @throws {MeshGatewayError} on network error, timeout, HTTP status >= 400, bad JSON or malformed body.
 */
export async function fetchPeerNames(
  options: ResolvedRegistryOptions,
): Promise<ReadonlySet<string>> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Racing a timer as well as aborting, so an injected `fetch` that ignores the signal cannot hang us.
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = gatewayError(options, `GET ${PATH} timed out after ${options.timeout} ms`);
      controller.abort(err);
      reject(err);
    }, options.timeout);
  });
  try {
    return await Promise.race([request(options, controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
