import { describe, expect, it } from "vitest";
import type { HttpError } from "./http-error.js";
import { type Reader, type ReadingRequest, resolveReading } from "./message-reading.js";

const bob: Reader = { mode: "peer", peer: "bob" };
const admin: Reader = { mode: "admin" };

describe("resolveReading", () => {
  it.each<[string, Reader, ReadingRequest, object]>([
    ["a peer's default is its inbox", bob, {}, { to: "bob" }],
    [
      "a peer's thread covers both directions",
      bob,
      { thread: "t" },
      { involving: "bob", threadId: "t" },
    ],
    [
      "a peer's search covers both directions",
      bob,
      { q: "Hi there" },
      { involving: "bob", words: ["hi", "there"] },
    ],
    ["a peer's sent box", bob, { from: "bob" }, { from: "bob" }],
    ["a peer's messages to one peer", bob, { from: "bob", to: "amy" }, { from: "bob", to: "amy" }],
    ["one sender in a peer's inbox", bob, { from: "amy", to: "bob" }, { from: "amy", to: "bob" }],
    ["a peer with one peer", bob, { with: "amy" }, { between: ["bob", "amy"] }],
    ["the admin's recent messages", admin, {}, {}],
    ["the admin with two sides", admin, { with: "amy", to: "bob" }, { between: ["amy", "bob"] }],
    [
      "the admin with a sender as other side",
      admin,
      { with: "amy", from: "bob" },
      { between: ["amy", "bob"] },
    ],
    ["the admin's thread", admin, { thread: "t", to: "bob" }, { to: "bob", threadId: "t" }],
  ])("%s", (_name, reader, request, expected) => {
    const reading = Object.fromEntries(
      Object.entries(resolveReading(reader, request)).filter(([, value]) => value !== undefined),
    );
    expect(reading).toEqual(expected);
  });

  it.each<[string, Reader, ReadingRequest, number, string]>([
    ["another peer's sent box", bob, { from: "amy" }, 403, "forbidden"],
    ["another peer's inbox", bob, { to: "amy" }, 403, "forbidden"],
    ["two other peers", bob, { from: "amy", to: "cat" }, 403, "forbidden"],
    ["the admin's with alone", admin, { with: "amy" }, 400, "invalid_query"],
    ["a search without words", admin, { q: "?!" }, 400, "invalid_query"],
  ])("refuses %s", (_name, reader, request, status, code) => {
    expect(() => resolveReading(reader, request)).toThrow(
      expect.objectContaining({ status, code }) as HttpError,
    );
  });
});
