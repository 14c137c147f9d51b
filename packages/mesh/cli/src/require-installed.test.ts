import { CliError } from "@mesh/cli-kit";
import { describe, expect, it } from "vitest";
import { requireInstalled } from "./require-installed.js";

describe("requireInstalled", () => {
  it("accepts an installed package", () => {
    expect(() => requireInstalled("@mesh/client", "mesh x")).not.toThrow();
  });

  it("refuses a missing package with the command and the install command", () => {
    let error: unknown;
    try {
      requireInstalled("@mesh/not-a-package", "mesh x");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toBe(
      "`mesh x` needs the package @mesh/not-a-package, which is not installed",
    );
    expect((error as CliError).hint).toMatch(/npm install @mesh\/not-a-package/);
  });
});
