// Builds the dashboard into dist/ui at package build time: the page's script (and the chunks it
// loads later, such as the credential guard a send needs), one stylesheet and the page,
// bundled and minified with esbuild. Nothing is fetched from elsewhere at run time (no CDN).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** Budget for all dashboard assets together, gzip-compressed. */
const MAX_GZIP_BYTES = 60 * 1024;
const here = fileURLToPath(new URL(".", import.meta.url));
const outdir = join(here, "..", "dist", "ui");

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { app: join(here, "src", "main.tsx"), style: join(here, "src", "styles.css") },
  outdir,
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  bundle: true,
  splitting: true,
  minify: true,
  format: "esm",
  platform: "browser",
  target: ["chrome120", "firefox121", "safari17"],
  jsx: "automatic",
  jsxImportSource: "preact",
  legalComments: "none",
  metafile: true,
  logLevel: "warning",
});

const outputs = Object.keys(result.metafile.outputs).map((path) => basename(path));
const script = outputs.find((name) => name.startsWith("app-") && name.endsWith(".js"));
const style = outputs.find((name) => name.startsWith("style-") && name.endsWith(".css"));
if (script === undefined || style === undefined) throw new Error("dashboard build: missing output");

const page = readFileSync(join(here, "src", "index.html"), "utf8")
  .replace("%SCRIPT%", `./${script}`)
  .replace("%STYLE%", `./${style}`);
writeFileSync(join(outdir, "index.html"), page);

let gzipped = 0;
for (const name of [...outputs.filter((name) => name.endsWith(".js")), style, "index.html"]) {
  gzipped += gzipSync(readFileSync(join(outdir, name))).length;
}
if (gzipped > MAX_GZIP_BYTES) {
  throw new Error(`dashboard build: ${gzipped} bytes gzip, over the ${MAX_GZIP_BYTES} byte budget`);
}
process.stderr.write(`dashboard: ${script}, ${style}, index.html (${gzipped} bytes gzip)\n`);
