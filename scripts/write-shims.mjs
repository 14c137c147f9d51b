// Writes one shim per `bin` entry of every published package into a folder: a small sh script
// that runs this clone's bin with an absolute Node, whatever `node` is on PATH when it runs.
// scripts/dev.sh calls it with the Node it settled on; it prints the commands it wrote.
//
//   node scripts/write-shims.mjs <folder> [node]     (node: default the one running this)
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const [folder, node = process.execPath] = process.argv.slice(2);
if (folder === undefined) {
  console.error("usage: node scripts/write-shims.mjs <folder> [node]");
  process.exit(2);
}

/** `text` as one sh word, whatever it holds. */
const quote = (text) => `'${text.replaceAll("'", "'\\''")}'`;

const dir = resolve(folder);
mkdirSync(dir, { recursive: true });
const written = [];
for (const scope of readdirSync(join(ROOT, "packages"))) {
  for (const name of readdirSync(join(ROOT, "packages", scope))) {
    const manifest = join(ROOT, "packages", scope, name, "package.json");
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, "utf8"));
    if (pkg.private) continue;
    for (const [command, file] of Object.entries(pkg.bin ?? {})) {
      const target = join(ROOT, "packages", scope, name, file);
      const shim = join(dir, command);
      writeFileSync(
        shim,
        `#!/bin/sh\n# Written by scripts/dev.sh: ${pkg.name}'s ${command} from this clone, run by the Node dev.sh used.\nexec ${quote(node)} ${quote(target)} "$@"\n`,
      );
      chmodSync(shim, 0o755);
      written.push(command);
    }
  }
}
console.log(written.sort().join(", "));
