import * as guard from "@mesh/secret-guard";
import { describe, expect, it, vi } from "vitest";
import { createContentGuard } from "./content-guard.js";
import { hashToken } from "./peer-tokens.js";

vi.mock("@mesh/secret-guard", async (importOriginal) => {
  const original = await importOriginal<typeof guard>();
  return { ...original, findSecret: vi.fn(original.findSecret) };
});

const ADMIN = "admin-token-0123456789abcdef";
const AWS_KEY = "AKIAIOSFODNN7EXAMPLE";
const PEER = `mesh_${"p".repeat(48)}`;

/** A storage whose only live peer token is PEER, recording its lookups. */
function storage() {
  const lookups: string[][] = [];
  return {
    lookups,
    async anyLiveToken(hashes: readonly string[]) {
      lookups.push([...hashes]);
      return hashes.includes(hashToken(PEER));
    },
  };
}

describe("createContentGuard", () => {
  it("asks the guard for the known secrets alone in tokens mode, for every rule in refuse mode", async () => {
    const findSecret = vi.mocked(guard.findSecret);
    findSecret.mockClear();
    await createContentGuard("tokens", ADMIN, storage())(`k ${AWS_KEY}`, false);
    expect(findSecret).toHaveBeenLastCalledWith(`k ${AWS_KEY}`, {
      knownSecrets: [ADMIN],
      rules: "none",
    });
    await createContentGuard("refuse", ADMIN, storage())(`k ${AWS_KEY}`, false);
    expect(findSecret.mock.lastCall?.[1]?.rules).toBeUndefined();
  });

  it("refuses the admin token and live peer tokens in tokens mode, and lets other shapes through", async () => {
    const check = createContentGuard("tokens", ADMIN, storage());
    expect(await check(`the token is ${ADMIN}`, true)).toEqual({ refused: "known-secret" });
    expect(await check(`peer ${PEER}.`, true)).toEqual({ refused: "known-secret" });
    expect(await check(`k ${AWS_KEY}`, false)).toEqual({});
  });

  it("refuses other shapes in refuse mode, or reports them skipped", async () => {
    const check = createContentGuard("refuse", ADMIN, storage());
    expect(await check(`k ${AWS_KEY}`, false)).toEqual({ refused: "aws-access-key-id" });
    expect(await check(`k ${AWS_KEY}`, true)).toEqual({ skipped: "aws-access-key-id" });
  });

  it("looks up peer tokens only for content with a mesh_ candidate", async () => {
    const store = storage();
    const check = createContentGuard("tokens", ADMIN, store);
    await check(`plain text, mesh without the underscore, ${AWS_KEY}`, false);
    await check("mesh_ too short", false);
    expect(store.lookups).toEqual([]);
    await check(`two: ${PEER} and mesh_${"q".repeat(48)}`, false);
    expect(store.lookups).toHaveLength(1);
    expect(store.lookups[0]).toHaveLength(2);
  });
});
