import { MeshError, MeshValidationError } from "@mesh/errors";
import { PEER_NAME_PATTERN } from "@mesh/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidPeerNameError } from "./invalid-peer-name-error.js";
import { KNOWN_ALIASES } from "./known-aliases.js";
import { normalizeNodeName } from "./normalize-node-name.js";

const formatMessage = (name: string) =>
  `peer name '${name}' does not match naming convention (lowercase, alnum + dash, must start and end alnum)`;

// Every documented pass/fail example of the peer-name format.
const PASSING = [
  "lab-ovh",
  "droplet",
  "science-claude",
  "gpu-wsl",
  "razorpeter",
  "workstation-lc",
  "gpt-ovh",
  "drop-on-meta-edge",
  "ab",
  "a--b",
  "a".repeat(64),
];
const FAILING = [
  "Lab-Ovh",
  "Lab-OVH",
  "lab_ovh",
  "lab ovh",
  "-droplet",
  "-lab",
  "_lab",
  "droplet-",
  "foo-",
  "foo_",
  "1peer",
  "1lab",
  "x",
  "",
  "a".repeat(65),
  "droplet\n",
  // Beyond the spec's list: other line breaks and positions.
  "droplet\r\n",
  "\ndroplet",
  "drop\nlet",
  " droplet",
  "droplet ",
  "dröplet",
];

/** The format rule written out character by character, independent of the regex. */
function followsConvention(s: string): boolean {
  const lower = (c: string) => c >= "a" && c <= "z";
  const digit = (c: string) => c >= "0" && c <= "9";
  if (s.length < 2 || s.length > 64) return false;
  const chars = [...s];
  if (chars.length !== s.length) return false;
  return chars.every((c, i) => {
    if (i === 0) return lower(c);
    if (i === chars.length - 1) return lower(c) || digit(c);
    return lower(c) || digit(c) || c === "-";
  });
}

describe("normalizeNodeName", () => {
  it.each(PASSING)("accepts %j and returns it unchanged", (name) => {
    expect(normalizeNodeName(name)).toBe(name);
  });

  it("accepts `drop` as the alias of `droplet`", () => {
    expect(normalizeNodeName("drop")).toBe("droplet");
  });

  it.each(FAILING)("refuses %j with the naming-convention message", (name) => {
    expect(() => normalizeNodeName(name)).toThrowError(
      new InvalidPeerNameError({ message: formatMessage(name), value: name }),
    );
    try {
      normalizeNodeName(name);
    } catch (err) {
      expect(err).toBeInstanceOf(InvalidPeerNameError);
      expect(err).toBeInstanceOf(MeshValidationError);
      expect(err).toBeInstanceOf(MeshError);
      expect((err as InvalidPeerNameError).code).toBe("invalid_peer_name");
      expect((err as InvalidPeerNameError).message).toBe(formatMessage(name));
      expect((err as InvalidPeerNameError).value).toBe(name);
    }
  });

  it.each([
    [42, "number"],
    [null, "null"],
    [undefined, "undefined"],
    [{ name: "droplet" }, "object"],
    [["droplet"], "array"],
    [true, "boolean"],
    [10n, "bigint"],
    [Symbol("droplet"), "symbol"],
    [() => "droplet", "function"],
    [new String("droplet"), "object"],
  ])("refuses the non-string %s with `must be string, got %s`", (value, type) => {
    expect(() => normalizeNodeName(value)).toThrow(InvalidPeerNameError);
    expect(() => normalizeNodeName(value)).toThrow(`peer name must be string, got ${type}`);
  });

  it.each([
    ["drop", "droplet"],
    ["lab-claude", "lab-ovh"],
    ["ws-lc", "workstation-lc"],
    ["droplet", "droplet"],
    ["lab-ovh", "lab-ovh"],
    ["workstation-lc", "workstation-lc"],
  ])("resolves %s to %s", (input, canonical) => {
    expect(normalizeNodeName(input)).toBe(canonical);
  });

  it("does not resolve object prototype keys as aliases", () => {
    for (const key of ["constructor", "tostring", "hasownproperty", "valueof"]) {
      expect(normalizeNodeName(key)).toBe(key);
    }
  });

  it("cuts very long names in the message but keeps the value", () => {
    const name = "A".repeat(10_000);
    try {
      normalizeNodeName(name);
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message.length).toBeLessThan(300);
      expect((err as InvalidPeerNameError).value).toBe(name);
    }
  });

  it("keeps the pattern free of stateful or multiline flags", () => {
    expect(PEER_NAME_PATTERN.flags).toBe("");
    expect(PEER_NAME_PATTERN.test("droplet\n")).toBe(false);
    expect(PEER_NAME_PATTERN.test("droplet")).toBe(true);
  });

  it("exposes a frozen alias table with canonical targets that are themselves not aliases", () => {
    expect(Object.isFrozen(KNOWN_ALIASES)).toBe(true);
    for (const [alias, canonical] of Object.entries(KNOWN_ALIASES)) {
      expect(PEER_NAME_PATTERN.test(alias)).toBe(true);
      expect(PEER_NAME_PATTERN.test(canonical)).toBe(true);
      expect(Object.hasOwn(KNOWN_ALIASES, canonical)).toBe(false);
    }
  });
});

describe("normalizeNodeName properties", () => {
  const nameLike = fc.string({
    unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-_ A\n".split("")),
    minLength: 0,
    maxLength: 70,
  });
  const anyString = fc.oneof(nameLike, fc.string({ unit: "binary", maxLength: 80 }));

  it("accepts exactly the strings that follow the convention, and only throws InvalidPeerNameError", () => {
    fc.assert(
      fc.property(anyString, (s) => {
        const valid = followsConvention(s);
        expect(PEER_NAME_PATTERN.test(s)).toBe(valid);
        let result: string | undefined;
        try {
          result = normalizeNodeName(s);
        } catch (err) {
          expect(err).toBeInstanceOf(InvalidPeerNameError);
          expect(valid).toBe(false);
          return;
        }
        expect(valid).toBe(true);
        expect(result).toBe(Object.hasOwn(KNOWN_ALIASES, s) ? KNOWN_ALIASES[s] : s);
      }),
      { numRuns: 2000 },
    );
  });

  it("generated valid names always pass unchanged unless they are aliases", () => {
    const valid = fc
      .tuple(
        fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz".split("")),
        fc.string({ unit: fc.constantFrom(..."abcxyz0189-".split("")), maxLength: 62 }),
        fc.constantFrom(..."az09".split("")),
      )
      .map(([first, middle, last]) => first + middle + last);
    fc.assert(
      fc.property(valid, (s) => {
        expect(normalizeNodeName(s)).toBe(Object.hasOwn(KNOWN_ALIASES, s) ? KNOWN_ALIASES[s] : s);
      }),
    );
  });

  it("throws only InvalidPeerNameError for any value", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        try {
          normalizeNodeName(value);
        } catch (err) {
          expect(err).toBeInstanceOf(InvalidPeerNameError);
        }
      }),
    );
  });
});
