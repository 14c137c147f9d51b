import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { CliError, EXIT_FAILURE, EXIT_USAGE } from "./cli-error.js";

/** A second copy of this module, as a second install of the package would load it. */
async function importCopy(): Promise<typeof import("./cli-error.js")> {
  const specifier = "./cli-error.js?copy";
  return import(/* @vite-ignore */ specifier);
}

describe("CliError", () => {
  it("takes its message, exit status, hint, code and cause from one options object", () => {
    const cause = new Error("EACCES");
    const error = new CliError({
      message: "cannot read notes.txt",
      exitCode: EXIT_USAGE,
      hint: "check the path",
      code: "unreadable",
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("CliError");
    expect(error.message).toBe("cannot read notes.txt");
    expect(error.exitCode).toBe(EXIT_USAGE);
    expect(error.hint).toBe("check the path");
    expect(error.code).toBe("unreadable");
    expect(error.cause).toBe(cause);
  });

  it.each([
    [undefined, EXIT_FAILURE, "failed"],
    [EXIT_FAILURE, EXIT_FAILURE, "failed"],
    [EXIT_USAGE, EXIT_USAGE, "usage_error"],
  ])("with exit status %s exits %i with code %s by default", (exitCode, status, code) => {
    const error = new CliError({ message: "x", exitCode });
    expect(error.exitCode).toBe(status);
    expect(error.code).toBe(code);
    expect(error.hint).toBeUndefined();
    expect("cause" in error).toBe(false);
  });

  it("still takes the message first, as the 1.x programs that re-export it document", () => {
    const error = new CliError("no such model", { exitCode: EXIT_FAILURE, hint: "list them" });
    expect(error.message).toBe("no such model");
    expect(error.hint).toBe("list them");
    expect(error.code).toBe("failed");
    expect(new CliError("bad flag", { exitCode: EXIT_USAGE }).code).toBe("usage_error");
  });

  it("recognises its instances, and those of another copy of the package, by the brand", async () => {
    const copy = await importCopy();
    expect(copy.CliError).not.toBe(CliError);
    const foreign = new copy.CliError({ message: "x" });
    expect(foreign).toBeInstanceOf(CliError);
    expect(CliError.isInstance(foreign)).toBe(true);
    expect(copy.CliError.isInstance(new CliError({ message: "x" }))).toBe(true);
  });

  it("recognises an error made in another realm", () => {
    const other = runInNewContext(
      'Object.assign(new Error("x"), { [Symbol.for("@mesh/cli-kit/CliError")]: true })',
    ) as unknown;
    expect(other).not.toBeInstanceOf(Error);
    expect(other).toBeInstanceOf(CliError);
    expect(CliError.isInstance(other)).toBe(true);
  });

  it("keeps the prototype check for a subclass of a caller", () => {
    class CallerError extends CliError {}
    expect(new CallerError({ message: "x" })).toBeInstanceOf(CallerError);
    expect(new CallerError({ message: "x" })).toBeInstanceOf(CliError);
    expect(new CliError({ message: "x" })).not.toBeInstanceOf(CallerError);
  });

  it.each([
    ["a plain error", new Error("x")],
    [
      "an error with the same fields",
      Object.assign(new Error("x"), { exitCode: 1, code: "failed" }),
    ],
    ["a false brand", { [Symbol.for("@mesh/cli-kit/CliError")]: "yes" }],
    ["null", null],
    ["a string", "CliError"],
  ])("does not take %s for one", (_, value) => {
    expect(CliError.isInstance(value)).toBe(false);
    expect(value).not.toBeInstanceOf(CliError);
  });
});
