import { MeshValidationError } from "@mesh/errors";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkDatabase } from "./open-storage.js";

describe("checkDatabase", () => {
  it.each([
    ".mesh/gateway.db",
    "/var/lib/mesh/gateway.db",
    "gateway.db",
    ":memory:",
    "C:\\mesh\\gateway.db",
    "postgres://mesh@db.internal:5432/mesh",
    "postgresql://mesh:secret@127.0.0.1/mesh",
    "POSTGRES://mesh@db/mesh",
  ])("accepts %s", (database) => {
    expect(() => checkDatabase(database)).not.toThrow();
  });

  it.each([
    ["mysql://root:hunter2@db/mesh", "mysql"],
    ["postgress://mesh:hunter2@db/mesh", "postgress"],
    ["sqlite://gateway.db", "sqlite"],
    ["file:gateway.db", "file"],
    ["redis://localhost", "redis"],
  ])("refuses %s, listing the accepted forms without echoing the value", (database, scheme) => {
    let thrown: unknown;
    try {
      checkDatabase(database);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MeshValidationError);
    const { message, code } = thrown as MeshValidationError;
    expect(code).toBe("invalid_database");
    expect(message).toContain(`'${scheme}:…'`);
    expect(message).toContain("':memory:'");
    expect(message).toContain("postgres://");
    expect(message).toContain("postgresql://");
    expect(message).toContain("SQLite file path");
    expect(message).not.toContain("hunter2");
  });

  it.each([[""], ["   "], [undefined], [42]])("refuses the non-value %j", (database) => {
    expect(() => checkDatabase(database)).toThrow(MeshValidationError);
  });

  it("never echoes what follows the scheme of a refused value", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-oq-z][a-z0-9+.-]{1,10}$/),
        fc.stringMatching(/^[A-Za-z0-9]{12,20}$/),
        (scheme, secret) => {
          try {
            checkDatabase(`${scheme}://user:${secret}@host/db`);
            return false;
          } catch (error) {
            return !(error as Error).message.includes(secret);
          }
        },
      ),
    );
  });
});
