import { CliError, EXIT_FAILURE, EXIT_USAGE } from "@mesh/cli-kit";
import { MeshValidationError } from "@mesh/errors";
import { describe, expect, it } from "vitest";
import { describeGatewayFailure } from "./describe-gateway-failure.js";
import { StorageError } from "./storage-error.js";

const PG = "postgres://mesh:p%40ss-w0rd@db.internal:6543/meshdb";

/** An error with the fields a driver or Node sets. */
const failure = (message: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(message), fields);

function report(error: unknown, database = PG, host?: string) {
  const described = describeGatewayFailure(error, { database, ...(host && { host }) });
  return {
    message: described.message,
    hint: described.hint,
    exitCode: described.exitCode,
    code: described.code,
  };
}

describe("describeGatewayFailure", () => {
  it("masks the database URL's password, raw and decoded, and any URL password in the text", () => {
    const error = failure(
      "auth for postgres://mesh:p%40ss-w0rd@db.internal/meshdb failed, password p@ss-w0rd, other mysql://u:x1y2@h/d",
      { code: "XX000" },
    );
    const { message } = report(error);
    expect(message).not.toContain("p%40ss-w0rd");
    expect(message).not.toContain("p@ss-w0rd");
    expect(message).not.toContain("x1y2");
    expect(message).toContain("postgres://mesh:***@db.internal/meshdb");
  });

  it("names the missing PostgreSQL database and server from the URL", () => {
    const error = failure('database "meshdb" does not exist', { code: "3D000" });
    expect(report(error)).toEqual({
      message: 'database "meshdb" does not exist on PostgreSQL at db.internal:6543',
      hint: "create it (createdb meshdb) or fix the database name in the --database URL (or MESH_GATEWAY_DATABASE)",
      exitCode: EXIT_FAILURE,
      code: "database_not_found",
    });
  });

  it.each([
    ["ECONNREFUSED", "connect ECONNREFUSED 10.0.0.9:6543"],
    ["08006", "connection failure"],
    [undefined, "timeout exceeded when trying to connect"],
  ])("says PostgreSQL cannot be reached for %s", (code, message) => {
    expect(report(failure(message, { code }))).toMatchObject({
      message: `cannot reach PostgreSQL at db.internal:6543 (${message})`,
      code: "database_unreachable",
    });
  });

  it("reads the driver error inside a storage error of code unavailable", () => {
    const cause = failure("connect ECONNREFUSED", { code: "ECONNREFUSED" });
    const error = new StorageError({
      code: "unavailable",
      message: "the database is unavailable",
      cause,
    });
    expect(report(error).code).toBe("database_unreachable");
  });

  it("says PostgreSQL refused the login and to fix the user and password", () => {
    const error = failure('password authentication failed for user "mesh"', { code: "28P01" });
    expect(report(error)).toMatchObject({
      code: "database_login_refused",
      hint: "fix the user and password in the --database URL (or MESH_GATEWAY_DATABASE)",
    });
  });

  it("tells an unresolvable --host from an unresolvable PostgreSQL host", () => {
    const lookup = (hostname: string) =>
      failure(`getaddrinfo ENOTFOUND ${hostname}`, { code: "ENOTFOUND", hostname });
    expect(report(lookup("gw.invalid"), ":memory:", "gw.invalid").code).toBe("host_unavailable");
    expect(report(lookup("db.internal"), PG, "127.0.0.1").code).toBe("database_unreachable");
  });

  it.each([
    ["EADDRINUSE", "port 8080 is in use (on 127.0.0.1)", "port_in_use"],
    ["EACCES", "no permission to listen on port 8080", "port_forbidden"],
  ])("describes a %s listen failure by the port", (code, message, reportCode) => {
    const error = failure("listen failed", {
      code,
      syscall: "listen",
      address: "127.0.0.1",
      port: 8080,
    });
    expect(report(error, ":memory:")).toMatchObject({ message, code: reportCode });
  });

  it("names the SQLite file that is not a database", () => {
    const error = failure("file is not a database", { code: "ERR_SQLITE_ERROR", errcode: 26 });
    expect(report(error, "data/gw.db")).toMatchObject({
      message: "data/gw.db is not a SQLite database (file is not a database)",
      code: "not_a_database",
    });
  });

  it("makes the command line's mistakes exit 2, in flags and variables", () => {
    const open = new MeshValidationError({
      message: "refusing open mode (option adminToken)",
      code: "insecure_open",
    });
    expect(report(open, ":memory:", "0.0.0.0")).toMatchObject({
      message: expect.stringMatching(/^refusing open mode on 0\.0\.0\.0: /),
      hint: expect.stringContaining("MESH_GATEWAY_TOKEN"),
      exitCode: EXIT_USAGE,
      code: "insecure_open",
    });
    expect(report(open, ":memory:", "0.0.0.0").message).not.toContain("option");
    expect(report(new TypeError("bad"), ":memory:").exitCode).toBe(EXIT_USAGE);
  });

  it("points a listen database that cannot serve at --listen-database, not at --database", () => {
    const usage = new MeshValidationError({
      message: "the listen database is not a postgres:// or postgresql:// URL",
      code: "invalid_listen_database",
    });
    expect(report(usage)).toMatchObject({
      hint: expect.stringContaining("--listen-database"),
      exitCode: EXIT_USAGE,
      code: "invalid_listen_database",
    });
    const unreachable = new StorageError({
      code: "invalid_listen_database",
      message: "cannot open the listen database (Connection terminated unexpectedly)",
    });
    const described = report(unreachable);
    expect(described).toMatchObject({
      message: unreachable.message,
      exitCode: EXIT_FAILURE,
      code: "invalid_listen_database",
    });
    expect(described.hint).toContain("--listen-database");
    expect(described.hint).not.toContain("--database URL");
  });

  it("keeps a CliError's own status, code and hint, with the password masked", () => {
    const error = new CliError({
      code: "no_token",
      message: `no token in ${PG}`,
      hint: "issue one",
    });
    expect(report(error)).toEqual({
      message: "no token in postgres://mesh:***@db.internal:6543/meshdb",
      hint: "issue one",
      exitCode: EXIT_FAILURE,
      code: "no_token",
    });
  });

  it("passes anything else on as a failure (1) with the error's own code", () => {
    expect(report(failure("disk full", { code: "ENOSPC" }), ":memory:")).toEqual({
      message: "disk full",
      hint: undefined,
      exitCode: EXIT_FAILURE,
      code: "ENOSPC",
    });
  });
});
