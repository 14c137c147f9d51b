import { describe, expect, it } from "vitest";
import { DiscoveryError } from "./discovery-error.js";

describe("DiscoveryError", () => {
  it("carries its code, status, cause and name", () => {
    const cause = new Error("socket hang up");
    const error = new DiscoveryError("http_error", "OpenAI costs: HTTP 500", {
      cause,
      status: 500,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("DiscoveryError");
    expect(error.code).toBe("http_error");
    expect(error.status).toBe(500);
    expect(error.cause).toBe(cause);
    expect(error.message).toBe("OpenAI costs: HTTP 500");
  });

  it("has no status or cause when none is given", () => {
    const error = new DiscoveryError("missing_credential", "no key");
    expect(error.status).toBeUndefined();
    expect("cause" in error).toBe(false);
  });
});
