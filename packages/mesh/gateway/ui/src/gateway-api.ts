/** A refusal or failure of the gateway, with its error code and message (never a token). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Who the signed-in token is, as `GET /ui/session` says. */
export interface Session {
  token: string;
  auth: "admin" | "peer" | "open";
  /** The peer a peer token belongs to; `null` for the admin token and open mode. */
  peer: string | null;
}

/** One JSON request to the gateway with the bearer token; the token goes in a header only. */
export async function api<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const init: RequestInit = {
    method,
    headers: {
      ...(token === "" ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    cache: "no-store",
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, "unreachable", "the gateway cannot be reached; check that it is running");
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = json as { error?: unknown; message?: unknown } | undefined;
    throw new ApiError(
      response.status,
      typeof error?.error === "string" ? error.error : "http_error",
      typeof error?.message === "string" ? error.message : `status ${response.status}`,
    );
  }
  return json as T;
}
