import { readFileSync } from "node:fs";

/**
 * Why `actual` (a `process.versions.node` string) cannot run a program whose package declares
 * `engines.node` = `required` (`>=MAJOR.MINOR[.PATCH]`), as one line naming the version it needs
 * and how to get it; `undefined` when it can, or when `required` is not of that form.
 */
export function nodeVersionProblem(
  program: string,
  required: string,
  actual: string,
): string | undefined {
  const floor = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(required.trim());
  if (floor === null) return undefined;
  const want = floor.slice(1).map((part) => Number(part ?? 0));
  const have = actual.split(".").map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < 3; i += 1) {
    if ((have[i] ?? 0) !== want[i]) {
      if ((have[i] ?? 0) > want[i]!) return undefined;
      const needed = required.trim().replace(/^>=\s*/, "");
      return `${program}: needs Node.js >= ${needed}, this is ${actual}; install a current release from https://nodejs.org/ (or run \`nvm install --lts\`)`;
    }
  }
  return undefined;
}

/**
 * The first thing a bin runs, before importing anything that an older Node cannot load: reads
 * `engines.node` from the package manifest at `manifestUrl`, and when this Node is older prints
 * the one-line problem to stderr, sets exit code 1 and returns `false`.
 */
export function checkNodeVersion(program: string, manifestUrl: URL): boolean {
  const manifest = JSON.parse(readFileSync(manifestUrl, "utf8")) as {
    engines?: { node?: unknown };
  };
  const required = manifest.engines?.node;
  const problem =
    typeof required === "string"
      ? nodeVersionProblem(program, required, process.versions.node)
      : undefined;
  if (problem === undefined) return true;
  process.stderr.write(`${problem}\n`);
  process.exitCode = 1;
  return false;
}
