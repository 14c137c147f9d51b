import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

// The built entry, as programs load it: commander inside it, its built-ins taken with
// process.getBuiltinModule (an ES import of node:process would open stdin at start-up).
const bundle = readFileSync(new URL("../dist/index.js", import.meta.url), "utf8");

it("bundles commander, with no ES import of it or of any built-in", () => {
  expect(bundle).not.toMatch(/from ['"]commander['"]/);
  expect(bundle).not.toMatch(/from ['"]node:/);
  expect(bundle).toMatch(/getBuiltinModule\("node:process"\)/);
  expect(bundle).toMatch(/class \w*Command extends EventEmitter/);
});

it("keeps commander's licence notice", () => {
  expect(bundle).toMatch(/commander \d+\.\d+\.\d+ \(bundled\)[\s\S]*Permission is hereby granted/);
});

it("does not build commander's unused default program", () => {
  expect(bundle).not.toMatch(/^new Command\(\);$/m);
});
