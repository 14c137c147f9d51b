import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchesDeveloper } from "./matches-developer.js";

describe("matchesDeveloper", () => {
  it.each([
    ["Open AI", "openai", true],
    ["Open AI", "OpenAI", true],
    ["Open AI", "open ai", true],
    ["Open AI", "open-ai", true],
    ["X AI", "x-ai", true],
    ["X AI", "xai", true],
    ["X AI", "X AI", true],
    ["DeepSeek AI", "DeepSeek AI", true],
    ["DeepSeek AI", "deepseek", false],
    ["Anthropic", "anthropic", true],
    ["Anthropic", "claude", false],
    ["Mistral AI", "Mistral AI", true],
    ["Mistral AI", "mistral", false],
    // the label keeps its hyphens; only the query side drops them
    ["Foo-Bar", "foo-bar", false],
    ["Foo-Bar", "foobar", false],
    ["?", "?", true],
    ["Google", "", false],
  ])("%j matches %j: %s", (developer, query, expected) => {
    expect(matchesDeveloper({ developer }, query)).toBe(expected);
  });

  it.each([
    [null, "openai"],
    [5, "openai"],
    ["Open AI", null],
    ["Open AI", 5],
    [undefined, undefined],
  ])("gives false instead of throwing for developer %j and query %j", (developer, query) => {
    expect(matchesDeveloper({ developer } as { developer: string }, query as string)).toBe(false);
  });

  it("gives false for a model that is not an object", () => {
    expect(matchesDeveloper(null as unknown as { developer: string }, "openai")).toBe(false);
  });

  it("matches any label written without hyphens against its spaced, hyphenated or cased variants", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z]+( [A-Za-z]+){0,3}$/),
        fc.constantFrom(" ", "-", ""),
        fc.boolean(),
        (label, separator, upper) => {
          const query = label.split(" ").join(separator);
          expect(matchesDeveloper({ developer: label }, upper ? query.toUpperCase() : query)).toBe(
            true,
          );
        },
      ),
    );
  });
});
