import { describe, expect, it } from "vitest";
import { isMissingPg } from "../src/open-storage.js";

describe("the optional pg peer dependency", () => {
  const notFound = (name: string) =>
    Object.assign(new Error(`Cannot find package '${name}' imported from /app/dist/x.js`), {
      code: "ERR_MODULE_NOT_FOUND",
    });
  it.each([
    ["pg missing", notFound("pg"), true],
    ["another package missing", notFound("pg-pool"), false],
    [
      "another error from loading pg",
      Object.assign(new Error("boom 'pg'"), { code: "EACCES" }),
      false,
    ],
    ["not an error", undefined, false],
  ])("recognizes %s", (_name, error, expected) => {
    expect(isMissingPg(error)).toBe(expected);
  });

  it("is loaded only for a PostgreSQL URL: a SQLite gateway never imports the driver", async () => {
    const { openStorage } = await import("../src/open-storage.js");
    const storage = await openStorage(":memory:");
    await storage.close();
    const loaded = Object.keys(
      await import("node:module").then((m) => m.createRequire(import.meta.url).cache),
    );
    expect(loaded.some((path) => /[\\/]node_modules[\\/]pg[\\/]/.test(path))).toBe(false);
  });
});
