import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { ToolRefusal } from "./tool-refusal.js";

/** A second copy of this module, as a second install of the package would load it. */
async function importCopy(): Promise<typeof import("./tool-refusal.js")> {
  const specifier = "./tool-refusal.js?copy";
  return import(/* @vite-ignore */ specifier);
}

describe("ToolRefusal", () => {
  it("takes its code, message and cause from one options object", () => {
    const cause = new Error("underlying");
    const refusal = new ToolRefusal({
      code: "self_message",
      message: "refusing to send a message to yourself",
      cause,
    });
    expect(refusal).toBeInstanceOf(Error);
    expect(refusal.name).toBe("ToolRefusal");
    expect(refusal.code).toBe("self_message");
    expect(refusal.message).toBe("refusing to send a message to yourself");
    expect(refusal.cause).toBe(cause);
    expect("cause" in new ToolRefusal({ code: "x", message: "y" })).toBe(false);
  });

  it("recognises its instances, and those of another copy of the package, by the brand", async () => {
    const copy = await importCopy();
    expect(copy.ToolRefusal).not.toBe(ToolRefusal);
    const foreign = new copy.ToolRefusal({ code: "self_message", message: "x" });
    expect(foreign).toBeInstanceOf(ToolRefusal);
    expect(ToolRefusal.isInstance(foreign)).toBe(true);
    expect(copy.ToolRefusal.isInstance(new ToolRefusal({ code: "x", message: "y" }))).toBe(true);
  });

  it("recognises a refusal made in another realm", () => {
    const other = runInNewContext(
      'Object.assign(new Error("x"), { [Symbol.for("@mesh/mcp/ToolRefusal")]: true })',
    ) as unknown;
    expect(other).not.toBeInstanceOf(Error);
    expect(other).toBeInstanceOf(ToolRefusal);
    expect(ToolRefusal.isInstance(other)).toBe(true);
  });

  it("keeps the prototype check for a subclass of a caller", () => {
    class CallerError extends ToolRefusal {}
    expect(new CallerError({ code: "x", message: "y" })).toBeInstanceOf(CallerError);
    expect(new CallerError({ code: "x", message: "y" })).toBeInstanceOf(ToolRefusal);
    expect(new ToolRefusal({ code: "x", message: "y" })).not.toBeInstanceOf(CallerError);
  });

  it.each([
    ["a plain error", new Error("x")],
    ["an error with the same fields", Object.assign(new Error("x"), { code: "self_message" })],
    ["a false brand", { [Symbol.for("@mesh/mcp/ToolRefusal")]: "true" }],
    ["null", null],
  ])("does not take %s for one", (_, value) => {
    expect(ToolRefusal.isInstance(value)).toBe(false);
    expect(value).not.toBeInstanceOf(ToolRefusal);
  });
});
