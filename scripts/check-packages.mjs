#!/usr/bin/env node
// Package checks for every publishable package under packages/: publishConfig, publint, attw
// (ESM-only profile), the root manifest's Node floor in every package, bin entry files that
// exist before the build and check the Node version, and a smoke test that
// installs the packed tarballs in a throwaway folder and imports each one (and runs each bin
// with --help) with plain Node.
import { execFile } from "node:child_process";
import { access, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { publint } from "publint";
import { formatMessage } from "publint/utils";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "..");
const failures = [];

// The one Node floor: the root manifest states it, every package declares the same.
const floor = JSON.parse(await readFile(join(root, "package.json"), "utf8")).engines.node;

// A bin exists before the build (else `pnpm install` warns "Failed to create bin") and checks
// the Node version before loading the program (@mesh/cli-kit/check-node-version).
async function checkBins(dir, manifest) {
  for (const [bin, path] of Object.entries(manifest.bin ?? {})) {
    const source = await readFile(join(dir, path), "utf8").catch(() => "");
    if (path.replace(/^\.\//, "").startsWith("dist/") || !source.includes("checkNodeVersion(")) {
      failures.push(
        `${manifest.name}: bin ${bin} must be a committed entry file (e.g. bin/${bin}.js) that calls checkNodeVersion from @mesh/cli-kit/check-node-version before importing the program`,
      );
    }
  }
}

async function packages() {
  const found = [];
  for (const scope of await readdir(join(root, "packages"))) {
    for (const name of await readdir(join(root, "packages", scope))) {
      const dir = join(root, "packages", scope, name);
      const manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8"));
      if (manifest.engines?.node !== floor) {
        failures.push(`${manifest.name}: engines.node must be the root's "${floor}"`);
      }
      await checkBins(dir, manifest);
      if (!manifest.private) found.push({ dir, manifest });
    }
  }
  return found;
}

async function pack(pkg, into) {
  const { stdout } = await run("pnpm", ["pack", "--pack-destination", into], { cwd: pkg.dir });
  const tarball = stdout.trim().split("\n").pop().trim();
  return tarball.startsWith("/") ? tarball : join(into, tarball);
}

async function lint(pkg, tarball) {
  const name = pkg.manifest.name;
  // Scoped packages publish as restricted without access public; provenance ties each tarball
  // to the CI run that built it (the release workflow grants the id-token it needs).
  const { access, provenance } = pkg.manifest.publishConfig ?? {};
  if (access !== "public" || provenance !== true) {
    failures.push(
      `${name}: package.json needs publishConfig { "access": "public", "provenance": true }`,
    );
  }
  const { messages } = await publint({ pkgDir: pkg.dir, pack: "pnpm", strict: true });
  for (const message of messages) {
    failures.push(`${name}: publint ${message.type}: ${formatMessage(message, pkg.manifest)}`);
  }
  try {
    await run(
      join(root, "node_modules", ".bin", "attw"),
      [tarball, "--profile", "esm-only", "--format", "ascii"],
      { cwd: root },
    );
  } catch (error) {
    failures.push(
      `${name}: attw found type-resolution problems:\n${error.stdout ?? error.message}`,
    );
  }
}

/** What npm provenance and a reader of the tarball need: a LICENSE and where the source lives. */
async function checkPublishedMetadata(pkg, installedDir) {
  const name = pkg.manifest.name;
  try {
    await access(join(installedDir, "LICENSE"));
  } catch {
    failures.push(`${name}: the tarball has no LICENSE file`);
  }
  const installed = JSON.parse(await readFile(join(installedDir, "package.json"), "utf8"));
  const expected = relative(root, pkg.dir);
  if (installed.repository?.directory !== expected || !installed.repository?.url) {
    failures.push(`${name}: package.json needs repository { url, directory: "${expected}" }`);
  }
  if (!installed.homepage || !installed.bugs?.url) {
    failures.push(`${name}: package.json needs homepage and bugs.url`);
  }
}

async function smoke(pkgs, tarballs, workDir) {
  const deps = Object.fromEntries(pkgs.map((p, i) => [p.manifest.name, `file:${tarballs[i]}`]));
  await writeFile(
    join(workDir, "package.json"),
    JSON.stringify({
      name: "smoke",
      private: true,
      type: "module",
      dependencies: deps,
      overrides: deps,
    }),
  );
  await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: workDir });
  for (const pkg of pkgs) {
    const name = pkg.manifest.name;
    await checkPublishedMetadata(pkg, join(workDir, "node_modules", name));
    const code = `const m = await import(${JSON.stringify(name)}); if (Object.keys(m).length === 0) throw new Error("no exports");`;
    try {
      await run(process.execPath, ["--input-type=module", "-e", code], { cwd: workDir });
    } catch (error) {
      failures.push(
        `${name}: importing the packed tarball failed:\n${error.stderr ?? error.message}`,
      );
    }
    for (const bin of Object.keys(pkg.manifest.bin ?? {})) {
      try {
        await run(join(workDir, "node_modules", ".bin", bin), ["--help"], { cwd: workDir });
      } catch (error) {
        failures.push(`${name}: bin ${bin} --help failed:\n${error.stderr ?? error.message}`);
      }
    }
  }
}

const pkgs = await packages();
const packDir = await mkdtemp(join(tmpdir(), "mesh-pack-"));
const workDir = await mkdtemp(join(tmpdir(), "mesh-smoke-"));
try {
  const tarballs = await Promise.all(pkgs.map((pkg) => pack(pkg, packDir)));
  await Promise.all(pkgs.map((pkg, i) => lint(pkg, tarballs[i])));
  await smoke(pkgs, tarballs, workDir);
} finally {
  await rm(packDir, { recursive: true, force: true });
  await rm(workDir, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`Package checks failed (${failures.length}):\n\n${failures.join("\n\n")}`);
  process.exit(1);
}
console.log(
  `Package checks passed for ${pkgs.length} packages: publint, attw (esm-only), pack + import.`,
);
