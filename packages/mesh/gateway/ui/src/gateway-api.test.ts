import { describe, expect, it } from "vitest";
import { ApiError, nextLink } from "./gateway-api.js";

const REQUEST = "http://127.0.0.1:8080/messages?thread=t&limit=2";

describe("nextLink", () => {
  it.each<[string, string | null, string | null]>([
    ["no header", null, null],
    [
      "a relative next",
      '</messages?thread=t&after_id=2>; rel="next"',
      "/messages?thread=t&after_id=2",
    ],
    ["an unquoted rel", "</threads?before_id=9>; rel=next", "/threads?before_id=9"],
    ["next among other relations", '</a>; rel="prev", </b?x=1>; rel="next"', "/b?x=1"],
    ["a link relative to the request path", '<?after_id=5>; rel="next"', "/messages?after_id=5"],
    ["no next relation", '</a>; rel="prev"', null],
    ["a next on another origin", '<https://evil.example/x>; rel="next"', null],
  ])("reads %s", (_, header, expected) => {
    expect(nextLink(header, REQUEST)).toBe(expected);
  });
});

/** A second copy of the module, as a second bundle on the same page would load it. */
async function importCopy(): Promise<typeof import("./gateway-api.js")> {
  const specifier = "./gateway-api.js?copy";
  return import(/* @vite-ignore */ specifier);
}

describe("ApiError", () => {
  it("takes its code, message, status and cause from one options object", () => {
    const cause = new TypeError("Failed to fetch");
    const error = new ApiError({ code: "unreachable", message: "cannot reach", status: 0, cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ApiError");
    expect(error.code).toBe("unreachable");
    expect(error.message).toBe("cannot reach");
    expect(error.status).toBe(0);
    expect(error.cause).toBe(cause);
    expect("cause" in new ApiError({ code: "not_found", message: "x", status: 404 })).toBe(false);
  });

  it("recognises its instances, and those of another copy of the module, by the brand", async () => {
    const copy = await importCopy();
    expect(copy.ApiError).not.toBe(ApiError);
    const foreign = new copy.ApiError({ code: "forbidden", message: "x", status: 403 });
    expect(foreign).toBeInstanceOf(ApiError);
    expect(ApiError.isInstance(foreign)).toBe(true);
    const own = new ApiError({ code: "forbidden", message: "x", status: 403 });
    expect(copy.ApiError.isInstance(own)).toBe(true);
  });

  it("keeps the prototype check for a subclass of a caller", () => {
    class CallerError extends ApiError {}
    expect(new CallerError({ code: "forbidden", message: "x", status: 403 })).toBeInstanceOf(
      CallerError,
    );
    expect(new CallerError({ code: "forbidden", message: "x", status: 403 })).toBeInstanceOf(
      ApiError,
    );
    expect(new ApiError({ code: "forbidden", message: "x", status: 403 })).not.toBeInstanceOf(
      CallerError,
    );
  });

  it.each([
    ["a plain error", new Error("x")],
    ["an error with the same fields", Object.assign(new Error("x"), { status: 401, code: "x" })],
    ["a false brand", { [Symbol.for("@mesh/gateway/ui/ApiError")]: "true" }],
    ["null", null],
  ])("does not take %s for one", (_, value) => {
    expect(ApiError.isInstance(value)).toBe(false);
    expect(value).not.toBeInstanceOf(ApiError);
  });
});
