/** One fenced TypeScript or JavaScript example of a README. */
export interface ExampleBlock {
  /** Line of the opening fence, 1-based. */
  line: number;
  code: string;
  /** Package specifiers it imports (relative imports excluded). */
  imports: string[];
}

const FENCE = /^```(ts|typescript|js|javascript|mjs)\s*$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"'.][^"']*)["']/gm;

/** The fenced `ts`/`typescript`/`js`/`javascript`/`mjs` blocks of a Markdown text, in order. */
export function exampleBlocks(markdown: string): ExampleBlock[] {
  const lines = markdown.split("\n");
  const blocks: ExampleBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (!FENCE.test(lines[index]!)) continue;
    const start = index;
    const body: string[] = [];
    for (index += 1; index < lines.length && !lines[index]!.startsWith("```"); index += 1) {
      body.push(lines[index]!);
    }
    const code = `${body.join("\n")}\n`;
    blocks.push({ line: start + 1, code, imports: [...code.matchAll(IMPORT)].map((m) => m[1]!) });
  }
  return blocks;
}

/**
 * Syntax the packages' Node floor (22.13) does not run, which a newer Node would accept
 * silently: explicit resource management (`using`, `await using`).
 */
export function floorSyntaxProblem(code: string): string | undefined {
  const withoutComments = code.replace(/(^|\s)\/\/.*$/gm, "$1");
  return /(^|[^\w.$])(await\s+)?using\s+[A-Za-z_$][\w$]*\s*=/m.test(withoutComments)
    ? "uses a `using` declaration, which Node 22.13 does not run; use try/finally"
    : undefined;
}
