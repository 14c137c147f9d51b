import { describe, expect, it } from "vitest";
import { closeMatches, editDistance } from "./close-matches.js";

describe("editDistance", () => {
  it.each([
    ["", "", 0],
    ["abc", "abc", 0],
    ["abc", "", 3],
    ["lab-ovh", "lab-ovx", 1],
    ["lab-ovh", "lab-voh", 1],
    ["droplet", "dropelt", 1],
    ["kitten", "sitting", 3],
    ["ca", "abc", 3],
  ])("distance(%s, %s) = %i", (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe("closeMatches", () => {
  const registry = [
    "droplet",
    "lab-ovh",
    "lab-gpu",
    "science-claude",
    "gpu-wsl",
    "razorpeter",
    "workstation-lc",
    "gpt-ovh",
  ];

  it.each([
    ["lab-ovx", ["lab-ovh"]],
    ["labovh", ["lab-ovh"]],
    ["dropelt", ["droplet"]],
    ["lab", ["lab-gpu", "lab-ovh"]],
    ["droplets", ["droplet"]],
    ["gpt-ovx", ["gpt-ovh"]],
    ["gpu-ws", ["gpu-wsl"]],
    ["ghost-peer", []],
    ["zz", []],
  ])("suggests for %s: %j", (name, expected) => {
    expect(closeMatches(name, registry)).toEqual(expected);
  });

  it("returns at most three, closest first", () => {
    const many = ["node-a", "node-b", "node-c", "node-d", "node-ab"];
    expect(closeMatches("node-aa", many)).toEqual(["node-a", "node-ab", "node-b"]);
  });

  it("never suggests the name itself", () => {
    expect(closeMatches("droplet", ["droplet"])).toEqual([]);
  });
});
