import { describe, expect, it } from "vitest";
import { findSecret } from "./find-secret.js";
import { knownSecretNeedles } from "./known-secret-needles.js";

const LIVE = "Zk9xQ2vT" + "A1b2C3d4".repeat(6);
const options = { knownSecrets: [LIVE] };
const b64 = (s: string) => Buffer.from(s).toString("base64");
const b64url = (s: string) => Buffer.from(s).toString("base64url");

describe("known secrets", () => {
  it.each([
    ["verbatim", LIVE],
    ["base64", b64(LIVE)],
    ["base64url", b64url(`${LIVE}??>>`)],
    ["hex", Buffer.from(LIVE).toString("hex")],
    ["upper-case hex", Buffer.from(LIVE).toString("hex").toUpperCase()],
    ["percent-encoded", encodeURIComponent(`${LIVE}/é`)],
  ])("finds the live token %s", (_, encoded) => {
    expect(findSecret(`see ${encoded} here`, options)?.ruleId).toBe("known-secret");
  });

  it("finds the token base64-encoded inside a longer blob at every byte alignment", () => {
    for (const lead of ["", "a", "ab", "abc", "Authorization: Bearer "]) {
      expect(findSecret(b64(`${lead}${LIVE}!trailer`), options)?.ruleId).toBe("known-secret");
      expect(findSecret(b64url(`${lead}${LIVE}~~~`), options)?.ruleId).toBe("known-secret");
    }
  });

  it("trims values and ignores values under 16 characters", () => {
    expect(knownSecretNeedles({ knownSecrets: ["  short  ", "x".repeat(15)] })).toEqual([]);
    expect(knownSecretNeedles({ knownSecrets: [` ${LIVE} `] })).toContain(LIVE);
    expect(knownSecretNeedles(undefined)).toEqual([]);
  });

  it("passes content that only shares a prefix with the token", () => {
    expect(findSecret(`see ${LIVE.slice(0, 15)} here`, options)).toBeNull();
  });

  it("keeps finding every one of many different tokens, in every encoding, call after call", () => {
    const tokens = Array.from(
      { length: 80 },
      (_, i) => `token-${String(i).padStart(3, "0")}-${LIVE}`,
    );
    for (const round of [1, 2]) {
      for (const token of tokens) {
        const found = findSecret(`round ${round}: ${b64(token)}`, { knownSecrets: [token] });
        expect(found?.ruleId).toBe("known-secret");
        expect(findSecret(`round ${round}: ${LIVE}`, { knownSecrets: [token] })).toBeNull();
      }
    }
  });

  it("follows a caller that changes its list between calls, in place or by a new array", () => {
    const other = `Qq${"z9y8x7w6".repeat(6)}`;
    const list = [LIVE];
    expect(findSecret(`see ${LIVE}`, { knownSecrets: list })?.ruleId).toBe("known-secret");
    list[0] = other;
    expect(findSecret(`see ${LIVE}`, { knownSecrets: list })).toBeNull();
    expect(findSecret(`see ${other}`, { knownSecrets: list })?.ruleId).toBe("known-secret");
    list.push(LIVE);
    expect(findSecret(`see ${LIVE}`, { knownSecrets: list })?.ruleId).toBe("known-secret");
    expect(findSecret(`see ${other}`, { knownSecrets: [] })).toBeNull();
    expect(() => findSecret("x", { knownSecrets: [LIVE, 7 as unknown as string] })).toThrow(
      /array of strings/,
    );
  });

  it("keeps each of several callers' lists apart when their calls alternate", () => {
    const gateway = [`Gw${"k3j4h5g6".repeat(6)}`];
    const client = [LIVE];
    for (let round = 0; round < 3; round++) {
      expect(findSecret(`a ${LIVE}`, { knownSecrets: client })?.ruleId).toBe("known-secret");
      expect(findSecret(`a ${LIVE}`, { knownSecrets: gateway })).toBeNull();
      expect(findSecret(`a ${gateway[0]}`, { knownSecrets: gateway })?.ruleId).toBe("known-secret");
    }
  });
});
