import { describe, expect, it } from "vitest";
import { exampleBlocks, floorSyntaxProblem } from "./example-blocks.js";

describe("exampleBlocks", () => {
  it("extracts ts, typescript, js, javascript and mjs blocks with their line and imports", () => {
    const markdown = [
      "# title", // 1
      "```ts", // 2
      'import { a } from "@mesh/a";',
      'import "@mesh/side-effect";',
      'const b = await import("@mesh/b/sub");',
      'import { c } from "./local.js";',
      "```",
      "```sh",
      "echo no",
      "```",
      "```js", // 11
      "console.log(1);",
      "```",
      "```typescript", // 14
      "```",
    ].join("\n");
    expect(exampleBlocks(markdown)).toEqual([
      {
        line: 2,
        code: 'import { a } from "@mesh/a";\nimport "@mesh/side-effect";\nconst b = await import("@mesh/b/sub");\nimport { c } from "./local.js";\n',
        imports: ["@mesh/a", "@mesh/side-effect", "@mesh/b/sub"],
      },
      { line: 11, code: "console.log(1);\n", imports: [] },
      { line: 14, code: "\n", imports: [] },
    ]);
  });
});

describe("floorSyntaxProblem", () => {
  it.each([
    "await using client = new MeshClient();",
    "using lock = acquire();",
    "  await using\n    server = await start();",
  ])("refuses %j", (code) => {
    expect(floorSyntaxProblem(code)).toMatch(/try\/finally/);
  });

  it.each([
    "const using = 1;",
    "// or `await using client = …` on a Node that has it",
    "close(); // await using x = y",
    "console.log('using x = 1')".replace("using x =", "using"),
    "object.using = 3;",
  ])("accepts %j", (code) => {
    expect(floorSyntaxProblem(code)).toBeUndefined();
  });
});
