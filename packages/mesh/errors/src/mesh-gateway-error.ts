import { isRetryableStatus } from "@mesh/protocol";
import { MeshError, type MeshErrorOptions } from "./mesh-error.js";

/** Where a failed gateway request went, and what came back. */
export interface MeshGatewayErrorOptions extends MeshErrorOptions {
  /** HTTP method of the failed request, e.g. `POST`. */
  method: string;
  /** Path of the failed request, e.g. `/messages` (never the query, which may carry secrets). */
  path: string;
  /** HTTP status, absent when the request never got a response. */
  status?: number | undefined;
  /** The `error` code of the gateway's error body (e.g. `rate_limited`), when it sent one. */
  serverCode?: string | undefined;
  /** The `message` of the gateway's error body (what to fix), token removed. */
  serverMessage?: string | undefined;
  /** The start of the response body, token removed; absent when there was none. */
  bodyExcerpt?: string | undefined;
  /** The `Idempotency-Key` the failed send carried: repeat the send with it to be safe. */
  idempotencyKey?: string | undefined;
  /**
   * Whether repeating the same request may succeed. Default: no response at all, or one of
   * `@mesh/protocol`'s `RETRYABLE_STATUSES` (408, 429, 500, 502, 503, 504).
   */
  isRetryable?: boolean | undefined;
}

/**
 * Transport failure, timeout, HTTP status >= 400 (other than 401/403), or a body that is not
 * what the API promises.
 */
export class MeshGatewayError extends MeshError {
  static override readonly brand: symbol = Symbol.for("@mesh/error/MeshGatewayError");

  declare readonly code: "gateway_error" | "auth_error";
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly serverCode: string | undefined;
  readonly serverMessage: string | undefined;
  readonly bodyExcerpt: string | undefined;
  readonly idempotencyKey: string | undefined;
  readonly isRetryable: boolean;

  constructor(options: MeshGatewayErrorOptions & { code?: "gateway_error" | "auth_error" }) {
    super({ ...options, code: options.code ?? "gateway_error" });
    this.method = options.method;
    this.path = options.path;
    this.status = options.status;
    this.serverCode = options.serverCode;
    this.serverMessage = options.serverMessage;
    this.bodyExcerpt = options.bodyExcerpt;
    this.idempotencyKey = options.idempotencyKey;
    this.isRetryable =
      options.isRetryable ?? (options.status === undefined || isRetryableStatus(options.status));
  }
}

/** The gateway answered 401 or 403: the token is missing or rejected. Never retryable. */
export class MeshAuthError extends MeshGatewayError {
  static override readonly brand: symbol = Symbol.for("@mesh/error/MeshAuthError");

  declare readonly code: "auth_error";

  constructor(options: Omit<MeshGatewayErrorOptions, "isRetryable">) {
    super({ ...options, code: "auth_error", isRetryable: false });
  }
}
