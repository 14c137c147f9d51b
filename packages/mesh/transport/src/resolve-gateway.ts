import { MeshValidationError } from "@mesh/errors";
import { DEFAULT_GATEWAY_URL } from "@mesh/protocol";

/** Which gateway to talk to, and with which token. */
export interface GatewaySettings {
  /** Base address without a trailing `/`. */
  gatewayUrl: string;
  /** Bearer token, or `undefined` to send none. */
  token: string | undefined;
}

/** Addresses already checked, so the per-call cost stays a map lookup; bounded, as addresses are few. */
const checkedUrls = new Map<string, string | undefined>();
const MAX_CHECKED_URLS = 64;

/**
 * Resolves the gateway address and token the way every mesh API does: the option, else
 * `MESH_GATEWAY_URL` / `MESH_GATEWAY_TOKEN`, else the default address and no token. Values are
 * trimmed and a blank one counts as absent; the address loses its trailing `/`.
 *
 * @throws {MeshValidationError} (code `invalid_options`) when the address is not an absolute
 * http(s) URL or holds user:password. The message never quotes the address (it may hold a password).
 */
export function resolveGateway(options: {
  gatewayUrl?: string | undefined;
  token?: string | undefined;
}): GatewaySettings {
  const gatewayUrl = (
    blankToUndefined(options.gatewayUrl) ??
    blankToUndefined(env("MESH_GATEWAY_URL")) ??
    DEFAULT_GATEWAY_URL
  ).replace(/\/+$/, "");
  const problem = gatewayUrlProblem(gatewayUrl);
  if (problem !== undefined) {
    throw new MeshValidationError({
      message: `the gateway address (gatewayUrl or MESH_GATEWAY_URL) ${problem}`,
      code: "invalid_options",
    });
  }
  return {
    gatewayUrl,
    token: blankToUndefined(options.token) ?? blankToUndefined(env("MESH_GATEWAY_TOKEN")),
  };
}

/** Why the address is unusable, or `undefined` when it is fine. */
function gatewayUrlProblem(gatewayUrl: string): string | undefined {
  if (checkedUrls.has(gatewayUrl)) return checkedUrls.get(gatewayUrl);
  const url = URL.parse(gatewayUrl);
  let problem: string | undefined;
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:")) {
    problem = "must be an absolute http(s) URL";
  } else if (url.username !== "" || url.password !== "") {
    // Credentials in the address would end up in messages and logs (fetch even quotes the URL).
    problem = "must not contain user:password; pass the token instead";
  }
  if (checkedUrls.size >= MAX_CHECKED_URLS) checkedUrls.clear();
  checkedUrls.set(gatewayUrl, problem);
  return problem;
}

function env(name: string): string | undefined {
  // `process` is absent in browsers; the package then relies on explicit options.
  return globalThis.process?.env?.[name];
}

function blankToUndefined(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
