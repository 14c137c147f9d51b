import { describe, expect, it } from "vitest";
import { threadsPath, type View, viewPath, viewTitle } from "./view-path.js";

describe("viewPath", () => {
  it.each<[View, string, string]>([
    [{ type: "inbox" }, "/messages?to=bob&limit=1000", "Inbox of bob"],
    [{ type: "sent" }, "/messages?from=bob&limit=1000", "Sent by bob"],
    [
      { type: "waiting" },
      "/messages?from=bob&state=sent&limit=1000",
      "Sent by bob, not picked up yet",
    ],
    [
      { type: "thread", id: "deploy 42&x" },
      "/messages?thread=deploy+42%26x&limit=1000",
      "Thread deploy 42&x",
    ],
    [
      { type: "search", q: "deploy plan" },
      "/messages?q=deploy+plan&limit=200",
      "Search: deploy plan",
    ],
  ])("reads %j", (view, path, title) => {
    expect(viewPath(view, "bob")).toBe(path);
    expect(viewTitle(view, "bob")).toBe(title);
  });
});

describe("threadsPath", () => {
  it.each<[boolean, string]>([
    [true, "/threads?limit=100&peer=bob"],
    [false, "/threads?limit=100"],
  ])("names the peer only for the admin (%s)", (admin, path) => {
    expect(threadsPath("bob", admin)).toBe(path);
  });
});
