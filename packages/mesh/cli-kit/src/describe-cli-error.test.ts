import { describe, expect, it } from "vitest";
import { CliError, EXIT_FAILURE, EXIT_USAGE } from "./cli-error.js";
import { describeCliError } from "./describe-cli-error.js";

describe("describeCliError", () => {
  it.each([
    [
      new CliError("no key", { hint: "set KEY" }),
      { message: "no key", hint: "set KEY", exitCode: 1 },
    ],
    [new CliError("bad flag", { exitCode: EXIT_USAGE }), { message: "bad flag", exitCode: 2 }],
    [new CliError("empty hint", { hint: "" }), { message: "empty hint", exitCode: 1 }],
    [new TypeError("broken"), { message: "broken", exitCode: EXIT_FAILURE }],
    ["a string", { message: "a string", exitCode: EXIT_FAILURE }],
    [42, { message: "42", exitCode: EXIT_FAILURE }],
  ])("reports %o as %o", (error, expected) => {
    expect(describeCliError(error)).toEqual(expected);
  });
});
