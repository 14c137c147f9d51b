import { describe, expect, it } from "vitest";
import { allowedMethods, GATEWAY_ROUTES, openApiPath } from "./gateway-routes.js";

describe("allowedMethods", () => {
  it.each([
    ["/health", "GET, HEAD"],
    ["/metrics", "GET, HEAD"],
    ["/openapi.json", "GET, HEAD"],
    ["/peers", "GET, HEAD"],
    ["/peers/register", "POST"],
    ["/peers/alice", "PATCH"],
    ["/messages", "GET, HEAD, POST"],
    ["/messages/stream", "GET"],
    ["/messages/42/read", "POST"],
    ["/messages/42", "GET, HEAD"],
    ["/threads", "GET, HEAD"],
    ["/admin/tokens", "GET, HEAD, POST"],
    ["/admin/tokens/alice", "DELETE"],
  ])("answers %s with %s", (path, allow) => {
    expect(allowedMethods(path)).toBe(allow);
  });

  it.each(["/", "/nope", "/peers/alice/extra", "/threads/x", "/admin", "/messages/stream/x"])(
    "knows no %s",
    (path) => {
      expect(allowedMethods(path)).toBeUndefined();
    },
  );
});

describe("openApiPath", () => {
  it.each([
    ["/peers/:name", "/peers/{name}"],
    ["/messages/:msg_id/read", "/messages/{msg_id}/read"],
    ["/messages", "/messages"],
  ])("writes %s as %s", (path, expected) => {
    expect(openApiPath(path)).toBe(expected);
  });
});

describe("GATEWAY_ROUTES", () => {
  it("lists each method and path once, and each operationId once", () => {
    const keys = GATEWAY_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const ids = GATEWAY_ROUTES.flatMap((route) =>
      "operationId" in route ? [route.operationId] : [],
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
