import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exampleBlocks, floorSyntaxProblem } from "./example-blocks.js";

const HERE = resolve(import.meta.dirname, "..");
const ROOT = resolve(HERE, "../../..");
const RUNNER = join(HERE, "src", "run-example.ts");
// Inside this package, so that the examples' imports resolve through its node_modules.
const BLOCKS = join(HERE, ".blocks");
const manifest = JSON.parse(readFileSync(join(HERE, "package.json"), "utf8")) as {
  devDependencies: Record<string, string>;
};

function readmes(): string[] {
  const found = [join(ROOT, "README.md")];
  for (const scope of readdirSync(join(ROOT, "packages"))) {
    for (const name of readdirSync(join(ROOT, "packages", scope))) {
      const file = join(ROOT, "packages", scope, name, "README.md");
      try {
        readFileSync(file);
        found.push(file);
      } catch {
        // a package without a README has no examples
      }
    }
  }
  return found;
}

const examples = readmes().flatMap((file) =>
  exampleBlocks(readFileSync(file, "utf8")).map((block) => ({
    ...block,
    readme: relative(ROOT, file),
  })),
);

function runExample(file: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [RUNNER, file], {
    cwd: BLOCKS,
    env: { ...process.env, HOME: BLOCKS, NO_COLOR: "1" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin.end();
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  return new Promise((resolvePromise) => {
    child.once("exit", (code) => resolvePromise({ code, output }));
  });
}

mkdirSync(BLOCKS, { recursive: true });
afterAll(() => rmSync(BLOCKS, { recursive: true, force: true }));

describe("README examples", () => {
  it("finds the examples of every package README", () => {
    expect(examples.length).toBeGreaterThanOrEqual(15);
  });

  it.each(examples.map((example) => [`${example.readme}:${example.line}`, example] as const))(
    "%s runs as written",
    { timeout: 120_000 },
    async (_, example) => {
      expect(floorSyntaxProblem(example.code)).toBeUndefined();
      for (const specifier of example.imports) {
        const name = specifier
          .split("/")
          .slice(0, specifier.startsWith("@") ? 2 : 1)
          .join("/");
        expect(
          manifest.devDependencies,
          `${name} must be a devDependency of @repo/docs`,
        ).toHaveProperty([name]);
      }
      const file = join(BLOCKS, `${example.readme.replaceAll("/", "-")}-${example.line}.ts`);
      writeFileSync(file, example.code);
      const { code, output } = await runExample(file);
      expect(code, `exit code ${code}, output:\n${output}`).toBe(0);
    },
  );
});
