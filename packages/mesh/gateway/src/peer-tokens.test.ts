import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generatePeerToken, hashToken, sameHash } from "./peer-tokens.js";

describe("peer tokens", () => {
  it("are 288 random bits in base64url after a mesh_ prefix, never repeating", () => {
    const tokens = new Set(Array.from({ length: 200 }, generatePeerToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^mesh_[A-Za-z0-9_-]{48}$/);
  });

  it("hash to the hex SHA-256 of the token", () => {
    const token = generatePeerToken();
    expect(hashToken(token)).toBe(createHash("sha256").update(token).digest("hex"));
  });

  it("compare hashes by value", () => {
    const a = hashToken("a");
    expect(sameHash(a, hashToken("a"))).toBe(true);
    expect(sameHash(a, hashToken("b"))).toBe(false);
    expect(sameHash(a, "")).toBe(false);
  });
});
