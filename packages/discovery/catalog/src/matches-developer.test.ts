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
