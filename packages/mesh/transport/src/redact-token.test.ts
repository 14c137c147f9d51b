import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactToken } from "./redact-token.js";

const LONG = "mesh_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKL";

describe("redactToken", () => {
  it.each([
    ["bad port", "t", "bad port"],
    ["bad token t", "t", "bad token [REDACTED]"],
    ['{"token":"t"}', "t", '{"token":"[REDACTED]"}'],
    ["t t", "t", "[REDACTED] [REDACTED]"],
    ["tt", "t", "tt"],
    ["Bearer abc, abcd", "abc", "Bearer [REDACTED], abcd"],
    [`echo ${LONG}`, LONG, "echo [REDACTED]"],
    [`glued${LONG}glued`, LONG, "glued[REDACTED]glued"],
    ["nothing here", undefined, "nothing here"],
    ["nothing here", "", "nothing here"],
  ])("%j without %j is %j", (text, token, expected) => {
    expect(redactToken(text, token)).toBe(expected);
  });

  it("never changes text without a standalone occurrence of a short token", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{1,4}$/),
        fc.stringMatching(/^[a-z ]{0,40}$/),
        (token, text) => {
          const words = text.split(" ");
          fc.pre(!words.includes(token));
          expect(redactToken(text, token)).toBe(text);
        },
      ),
    );
  });

  it("leaves no standalone occurrence of the token behind", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{1,20}$/),
        fc.array(fc.stringMatching(/^[a-z0-9]{0,6}$/), { maxLength: 6 }),
        (token, words) => {
          const text = words.join(` ${token} `);
          expect(redactToken(text, token).split(/[ ]/)).not.toContain(token);
        },
      ),
    );
  });
});
