import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "./check-node-version.js";

describe("nodeVersionProblem", () => {
  it.each([
    [">=22.13", "22.13.0"],
    [">=22.13", "22.13.1"],
    [">=22.13", "22.18.0"],
    [">=22.13", "24.0.0"],
    [">= 22.13.2", "22.13.2"],
    [">=22.13", "100.0.0"],
  ])("accepts %s on Node %s", (required, actual) => {
    expect(nodeVersionProblem("mesh", required, actual)).toBeUndefined();
  });

  it.each([
    [">=22.13", "22.12.9"],
    [">=22.13", "20.19.5"],
    [">=22.13", "18.0.0"],
    [">=22.13.2", "22.13.1"],
    [">=22.13", "9.99.99"],
  ])("refuses %s on Node %s in one line naming both versions", (required, actual) => {
    const problem = nodeVersionProblem("mesh", required, actual);
    expect(problem).toMatch(/^mesh: needs Node\.js >= 22\.13(\.2)?, this is /);
    expect(problem).toContain(actual);
    expect(problem).toContain("https://nodejs.org/");
    expect(problem).not.toContain("\n");
  });

  it.each(["^22.13", "22", "*", ""])(
    "does not block on a range it does not read: %j",
    (required) => {
      expect(nodeVersionProblem("mesh", required, "10.0.0")).toBeUndefined();
    },
  );
});
