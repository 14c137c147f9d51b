/** The gateway a client talks to when neither an option nor `MESH_GATEWAY_URL` names one. */
export const DEFAULT_GATEWAY_URL = "http://localhost:8788";

/** The address a gateway binds when none is given (loopback only). */
export const DEFAULT_GATEWAY_HOST = "127.0.0.1";

/** The TCP port a gateway listens on when none is given. */
export const DEFAULT_GATEWAY_PORT = 8788;

/** The gateway's SQLite file when no database is given, relative to the working directory. */
export const DEFAULT_GATEWAY_DATABASE = ".mesh/gateway.db";
