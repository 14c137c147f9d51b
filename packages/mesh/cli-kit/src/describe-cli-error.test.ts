import { describe, expect, it } from "vitest";
import { CliError, EXIT_FAILURE, EXIT_USAGE } from "./cli-error.js";
import { describeCliError } from "./describe-cli-error.js";

describe("describeCliError", () => {
  it.each([
    [
      new CliError({ message: "no key", hint: "set KEY" }),
      { message: "no key", hint: "set KEY", exitCode: 1, code: "failed" },
    ],
    [
      new CliError({ message: "bad flag", exitCode: EXIT_USAGE }),
      { message: "bad flag", exitCode: 2, code: "usage_error" },
    ],
    [
      new CliError({ message: "empty hint", hint: "" }),
      { message: "empty hint", exitCode: 1, code: "failed" },
    ],
    [
      new CliError({ code: "name_taken", message: "taken" }),
      { message: "taken", exitCode: 1, code: "name_taken" },
    ],
    [new TypeError("broken"), { message: "broken", exitCode: EXIT_FAILURE, code: "failed" }],
    [
      Object.assign(new Error("in use"), { code: "EADDRINUSE" }),
      { message: "in use", exitCode: EXIT_FAILURE, code: "EADDRINUSE" },
    ],
    ["a string", { message: "a string", exitCode: EXIT_FAILURE, code: "failed" }],
    [42, { message: "42", exitCode: EXIT_FAILURE, code: "failed" }],
  ])("reports %o as %o", (error, expected) => {
    expect(describeCliError(error)).toEqual(expected);
  });
});
