import { MeshError, type MeshErrorOptions } from "./mesh-error.js";

/** Where a failed gateway request went, and what came back. */
export interface MeshGatewayErrorOptions extends MeshErrorOptions {
  /** HTTP method of the failed request, e.g. `POST`. */
  method: string;
  /** Path of the failed request, e.g. `/messages` (never the query, which may carry secrets). */
  path: string;
  /** HTTP status, absent when the request never got a response. */
  status?: number;
  /** Overrides the default code `gateway_error`. */
  code?: string;
}

/** Transport failure, timeout, HTTP status >= 400 (other than 401/403), or a body that is not JSON. */
export class MeshGatewayError extends MeshError {
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;

  constructor(message: string, options: MeshGatewayErrorOptions) {
    super(options.code ?? "gateway_error", message, options);
    this.method = options.method;
    this.path = options.path;
    this.status = options.status;
  }
}

/** The gateway answered 401 or 403: the token is missing or rejected. */
export class MeshAuthError extends MeshGatewayError {
  constructor(message: string, options: MeshGatewayErrorOptions) {
    super(message, { code: "auth_error", ...options });
  }
}
