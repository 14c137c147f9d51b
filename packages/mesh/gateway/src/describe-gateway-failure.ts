import { CliError, EXIT_FAILURE, EXIT_USAGE } from "@mesh/cli-kit";
import { MeshValidationError } from "@mesh/errors";
import { PEER_NAME_FORMAT } from "@mesh/protocol";
import { isPostgresUrl } from "./open-storage.js";
import { StorageError } from "./storage-error.js";

/** What the failing command was given, to name it in the message. */
export interface FailureSetting {
  /** The database in use (`--database`, `MESH_GATEWAY_DATABASE` or the default). */
  database: string;
  /** `--host`, for `serve`. */
  host?: string;
}

/** One report before the password is masked. */
interface Report {
  message: string;
  hint?: string;
  exitCode: number;
  code: string;
}

/** The fields of Node, node:sqlite, pg and mesh errors this module reads. */
interface ErrorFields {
  code?: unknown;
  errcode?: unknown;
  syscall?: unknown;
  address?: unknown;
  port?: unknown;
  hostname?: unknown;
  path?: unknown;
  message?: unknown;
  cause?: unknown;
}

const DATABASE_FLAG = "--database (or MESH_GATEWAY_DATABASE)";
const LISTEN_FLAG = "--listen-database (or MESH_GATEWAY_LISTEN_DATABASE)";
const DATABASE_URL = "the --database URL (or MESH_GATEWAY_DATABASE)";
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;
const PG_INVALID_CATALOG_NAME = "3D000";
const PG_LOGIN_REFUSED = new Set(["28P01", "28000"]);
/** Network errors, and PostgreSQL's "the server is starting up" (57P03) and class 08 (connection). */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "57P03",
]);

/**
 * A `mesh-gateway` failure as a {@link CliError}: one line saying what happened, naming the port,
 * the SQLite file or the PostgreSQL database, and a hint in flags and environment variables; exit
 * status 2 for what the command line itself got wrong. A PostgreSQL password never appears in it.
 */
export function describeGatewayFailure(error: unknown, setting: FailureSetting): CliError {
  const report = reportOf(error, setting);
  return new CliError({
    code: report.code,
    message: maskPassword(report.message, setting.database),
    exitCode: report.exitCode,
    ...(report.hint !== undefined && { hint: maskPassword(report.hint, setting.database) }),
  });
}

function reportOf(error: unknown, setting: FailureSetting): Report {
  if (CliError.isInstance(error)) {
    return {
      message: error.message,
      exitCode: error.exitCode,
      code: error.code,
      ...(error.hint !== undefined && { hint: error.hint }),
    };
  }
  const fields = (typeof error === "object" && error !== null ? error : {}) as ErrorFields;
  const text =
    typeof fields.message === "string" && fields.message !== "" ? fields.message : String(error);
  if (StorageError.isInstance(error) && error.code === "invalid_listen_database") {
    return {
      message: text,
      hint: `set ${LISTEN_FLAG} to a postgres:// URL of the same database on PostgreSQL itself, not on the pooler`,
      exitCode: EXIT_FAILURE,
      code: error.code,
    };
  }
  if (StorageError.isInstance(error) && error.code === "database_in_use") {
    return {
      message: text,
      hint: `stop the other gateway, give this one another ${DATABASE_FLAG}, or put both on one postgres:// database`,
      exitCode: EXIT_USAGE,
      code: error.code,
    };
  }
  if (
    StorageError.isInstance(error) &&
    error.code === "unavailable" &&
    fields.cause !== undefined
  ) {
    return reportOf(fields.cause, setting);
  }
  if (error instanceof MeshValidationError || error instanceof TypeError) {
    return describeUsage(error, text, setting);
  }
  return (
    describeListen(fields, setting) ??
    (isPostgresUrl(setting.database)
      ? describePostgres(fields, text, setting.database)
      : describeSqlite(fields, text, setting.database)) ?? {
      message: text,
      exitCode: EXIT_FAILURE,
      code: typeof fields.code === "string" && fields.code !== "" ? fields.code : "failed",
    }
  );
}

/** What the command line got wrong: exit status 2. */
function describeUsage(
  error: MeshValidationError | TypeError,
  text: string,
  setting: FailureSetting,
): Report {
  const code = error instanceof MeshValidationError ? error.code : "usage_error";
  switch (code) {
    case "insecure_open":
      return {
        message: `refusing open mode on ${setting.host ?? "this host"}: without an admin token anyone who can reach the port reads and sends every message`,
        hint: "set MESH_GATEWAY_TOKEN, pass --host 127.0.0.1 to serve this machine only, or pass --insecure-open to accept that",
        exitCode: EXIT_USAGE,
        code,
      };
    case "invalid_database":
      return { message: text, hint: `set it with ${DATABASE_FLAG}`, exitCode: EXIT_USAGE, code };
    case "invalid_listen_database":
      return { message: text, hint: `set it with ${LISTEN_FLAG}`, exitCode: EXIT_USAGE, code };
    case "invalid_peer_name":
      return {
        message: text,
        hint: `peer names are ${PEER_NAME_FORMAT}`,
        exitCode: EXIT_USAGE,
        code,
      };
    default:
      return { message: text, exitCode: EXIT_USAGE, code };
  }
}

/** The server's port or address cannot be bound. */
function describeListen(fields: ErrorFields, setting: FailureSetting): Report | undefined {
  const { code, syscall, port, address, hostname } = fields;
  if (code === "ENOTFOUND" && setting.host !== undefined && hostname === setting.host) {
    if (postgresServer(setting.database)?.hostname === hostname) return undefined;
    return {
      message: `cannot resolve the host name ${setting.host}`,
      hint: "pass --host with an address of this machine: 127.0.0.1 for this machine only, 0.0.0.0 for every interface",
      exitCode: EXIT_FAILURE,
      code: "host_unavailable",
    };
  }
  if (syscall !== "listen") return undefined;
  switch (code) {
    case "EADDRINUSE":
      return {
        message: `port ${String(port)} is in use (on ${String(address)})`,
        hint: "pass --port <n> (0 picks a free one) or stop the other process",
        exitCode: EXIT_FAILURE,
        code: "port_in_use",
      };
    case "EACCES":
      return {
        message: `no permission to listen on port ${String(port)}`,
        hint: "pass --port 1024 or above (0 picks a free one)",
        exitCode: EXIT_FAILURE,
        code: "port_forbidden",
      };
    case "EADDRNOTAVAIL":
      return {
        message: `cannot listen on ${String(address)}: not an address of this machine`,
        hint: "pass --host with an address of this machine: 127.0.0.1 for this machine only, 0.0.0.0 for every interface",
        exitCode: EXIT_FAILURE,
        code: "host_unavailable",
      };
    default:
      return undefined;
  }
}

/** The SQLite file cannot be opened or is not a database. */
function describeSqlite(fields: ErrorFields, text: string, database: string): Report | undefined {
  if (fields.code === "ERR_SQLITE_ERROR" && fields.errcode === SQLITE_NOTADB) {
    return {
      message: `${database} is not a SQLite database (file is not a database)`,
      hint: `point ${DATABASE_FLAG} at the gateway's database file, or at a new path to create one`,
      exitCode: EXIT_FAILURE,
      code: "not_a_database",
    };
  }
  const cannotOpen = fields.code === "ERR_SQLITE_ERROR" && fields.errcode === SQLITE_CANTOPEN;
  // A file-system error on the way to the file: its directory cannot be created (EEXIST,
  // ENOTDIR, EACCES) or the file cannot be written.
  if (cannotOpen || (typeof fields.syscall === "string" && typeof fields.path === "string")) {
    return {
      message: `cannot open the SQLite database ${database} (${text})`,
      hint: `point ${DATABASE_FLAG} at a file in a directory you can write`,
      exitCode: EXIT_FAILURE,
      code: "database_unavailable",
    };
  }
  return undefined;
}

/** PostgreSQL cannot be reached, refuses the login, or has no such database. */
function describePostgres(fields: ErrorFields, text: string, database: string): Report | undefined {
  const server = postgresServer(database);
  const where = server === undefined ? "the PostgreSQL server" : `PostgreSQL at ${server.host}`;
  const code = typeof fields.code === "string" ? fields.code : "";
  if (code === PG_INVALID_CATALOG_NAME) {
    const name = server?.database || /database "([^"]*)"/.exec(text)?.[1] || "<name>";
    return {
      message: `database "${name}" does not exist on ${where}`,
      hint: `create it (createdb ${name}) or fix the database name in ${DATABASE_URL}`,
      exitCode: EXIT_FAILURE,
      code: "database_not_found",
    };
  }
  if (PG_LOGIN_REFUSED.has(code)) {
    return {
      message: `${where} refused the login (${text})`,
      hint: `fix the user and password in ${DATABASE_URL}`,
      exitCode: EXIT_FAILURE,
      code: "database_login_refused",
    };
  }
  if (
    UNREACHABLE.has(code) ||
    code.startsWith("08") ||
    /timeout exceeded when trying to connect|Connection terminated/i.test(text)
  ) {
    return {
      message: `cannot reach ${where} (${text})`,
      hint: `start PostgreSQL there, or fix the host and port in ${DATABASE_URL}`,
      exitCode: EXIT_FAILURE,
      code: "database_unreachable",
    };
  }
  return undefined;
}

/** The host (`name:port`) and database name of a PostgreSQL URL, without its credentials. */
function postgresServer(
  database: string,
): { host: string; hostname: string; database: string } | undefined {
  if (!isPostgresUrl(database)) return undefined;
  try {
    const url = new URL(database);
    return {
      host: `${url.hostname}:${url.port || "5432"}`,
      hostname: url.hostname,
      database: decodeURIComponent(url.pathname.replace(/^\//, "")),
    };
  } catch {
    return undefined;
  }
}

/** `text` with every URL password, and the database URL's own password anywhere, as `***`. */
function maskPassword(text: string, database: string): string {
  let masked = text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@]+@/gi, "$1***@");
  const raw = /^[a-z][a-z0-9+.-]*:\/\/[^:/@]*:([^@]*)@/i.exec(database)?.[1] ?? "";
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape: the raw form is all there is to hide.
  }
  for (const secret of new Set([raw, decoded])) {
    if (secret !== "") masked = masked.replaceAll(secret, "***");
  }
  return masked;
}
