import { DM_KINDS as CLIENT_DM_KINDS } from "@mesh/client";
import { describe, expect, it } from "vitest";
import { DM_KINDS } from "./dm-kinds.js";

describe("DM_KINDS", () => {
  it("matches the client's list, so `send` accepts exactly what the client sends", () => {
    expect([...DM_KINDS]).toEqual([...CLIENT_DM_KINDS]);
  });
});
