#!/usr/bin/env node
// Plants known bugs one at a time and runs the relevant tests against each, to score how many
// the suite catches. Not part of `pnpm test`: it rebuilds and reruns whole package suites.
//
//   node scripts/plant-bugs.mjs [--ref <git ref>] [--only <id,id>] [--files <f,f>] [--heavy]
//                               [--together] [--reuse-dist] [--list]
//
// Each plant runs in a temporary copy of the tree (the working tree, or the committed tree of
// `--ref` to score an older suite): the copy gets this checkout's node_modules and dist, the
// patch, a rebuild of the patched package (the bins run its dist), then `vitest run` on the
// projects the plant names. A plant whose text no longer occurs is reported `n/a` (the code it
// targets moved: update the plant). Exit status 1 when a plant went uncaught. Without `--heavy`
// the two gateway load tests (10,000 concurrent sends, a SIGKILL under load) are left out: they
// take most of the time on a shared machine and guard against lost messages, which no plant here
// causes. `--files` narrows each run to test files whose path contains one of the given strings;
// `--together` plants every selected bug in one copy and runs the suite once, listing failures;
// `--reuse-dist` takes this checkout's builds instead of building the copy (only the patched
// package is rebuilt), for a quick check of the working tree.
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const GATEWAY = "packages/mesh/gateway/src";
const HEAVY_TESTS = /50 concurrent senders|SIGKILL of the gateway/;

/**
 * One planted bug: in `file`, `find` (which must occur exactly once) becomes `replace` (both may
 * list alternatives, for the code as it reads at different refs);
 * `projects` are the vitest projects run against it; `env` is added to their environment;
 * `extra` are more replacements (e.g. to simulate an unreachable PostgreSQL).
 */
const PLANTS = [
  {
    id: "pg-mark-read-guard",
    bug: "PostgreSQL mark-read loses its `read_at IS NULL` guard (a second mark moves read_at)",
    file: `${GATEWAY}/postgres-storage.ts`,
    find: "UPDATE messages SET read_at = $1 WHERE id = $2 AND read_at IS NULL",
    replace: "UPDATE messages SET read_at = $1 WHERE id = $2",
    projects: ["@mesh/gateway"],
  },
  {
    id: "pg-mark-read-guard-pg-down-ci",
    bug: "the same, in a CI run (CI=1) where PostgreSQL is unreachable",
    file: `${GATEWAY}/postgres-storage.ts`,
    find: "UPDATE messages SET read_at = $1 WHERE id = $2 AND read_at IS NULL",
    replace: "UPDATE messages SET read_at = $1 WHERE id = $2",
    extra: [
      {
        file: "packages/mesh/gateway/test/helpers.ts",
        find: "postgres://postgres@127.0.0.1:5432/test",
        replace: "postgres://postgres@127.0.0.1:1/test",
      },
    ],
    env: { CI: "1" },
    projects: ["@mesh/gateway"],
  },
  {
    id: "idempotency-window",
    bug: "an Idempotency-Key never expires (window 24 h -> 1 year)",
    file: `${GATEWAY}/routes/send-message-route.ts`,
    find: [
      "notBefore: new Date(Date.now() - IDEMPOTENCY_WINDOW_MS).toISOString(),",
      "notBefore: new Date(now - IDEMPOTENCY_WINDOW_MS).toISOString(),",
      "const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;",
    ],
    replace: [
      "notBefore: new Date(Date.now() - 365 * IDEMPOTENCY_WINDOW_MS).toISOString(),",
      "notBefore: new Date(now - 365 * IDEMPOTENCY_WINDOW_MS).toISOString(),",
      "const IDEMPOTENCY_WINDOW_MS = 365 * 24 * 60 * 60 * 1000;",
    ],
    projects: ["@mesh/gateway"],
  },
  {
    id: "idempotency-purge",
    bug: "the periodic purge of expired idempotency keys never runs",
    file: `${GATEWAY}/start-gateway.ts`,
    find: "const purge = setInterval(() => {",
    replace: "const purge = setInterval(() => {\n    if (purge !== undefined) return;",
    projects: ["@mesh/gateway"],
  },
  {
    id: "long-poll-notify",
    bug: "a send no longer wakes the in-process long-polls (only the 200 ms re-read finds it)",
    file: `${GATEWAY}/build-app.ts`,
    find: [
      "if (created) waiters.notify(message.to_node, message);",
      "if (created) waiters.notify(message.to_node);",
    ],
    replace: ["void created;", "void created;"],
    projects: ["@mesh/gateway"],
  },
  {
    id: "last-seen-throttle",
    bug: "last_seen is written on every inbox read (throttle gone)",
    file: `${GATEWAY}/build-app.ts`,
    find: "const TOUCH_INTERVAL_MS = 1000;",
    replace: "const TOUCH_INTERVAL_MS = 0;",
    projects: ["@mesh/gateway"],
  },
  {
    id: "pg-password-mask",
    bug: "the PostgreSQL password is printed (banner, token issue, RunningGateway.database)",
    file: `${GATEWAY}/open-storage.ts`,
    find: 'if (url.password !== "") url.password = "***";',
    replace: "",
    projects: ["@mesh/gateway"],
  },
  {
    id: "open-mode-warning",
    bug: "open mode on a non-loopback host no longer warns that it is reachable beyond the machine",
    file: `${GATEWAY}/start-gateway.ts`,
    find: 'isLoopback(host) ? "" :',
    replace: 'true ? "" :',
    projects: ["@mesh/gateway"],
  },
  {
    id: "default-request-log",
    bug: "startGateway without a logger option logs nothing",
    file: `${GATEWAY}/start-gateway.ts`,
    find: "createLogSink(options.logger ?? true)",
    replace: "createLogSink(options.logger ?? false)",
    projects: ["@mesh/gateway"],
  },
  {
    id: "head-requests",
    bug: "HEAD requests are no longer routed (405/404)",
    file: `${GATEWAY}/build-app.ts`,
    find: "    return503OnClosing: true,\n",
    replace: "    return503OnClosing: true,\n    exposeHeadRoutes: false,\n",
    projects: ["@mesh/gateway"],
  },
  {
    id: "wait-cap",
    bug: "`wait` is no longer capped at 30 s",
    file: `${GATEWAY}/routes/messages-routes.ts`,
    find: "Math.min(Number(query.wait), MAX_WAIT_SECONDS) * 1000",
    replace: "Number(query.wait) * 1000",
    projects: ["@mesh/gateway"],
  },
  {
    id: "patch-peer-path-name",
    bug: "PATCH /peers/{name} takes any name in its path",
    file: `${GATEWAY}/routes/peers-routes.ts`,
    find: 'const name = nameParam(request.params.name, "peer name");',
    replace: "const name = request.params.name;",
    projects: ["@mesh/gateway"],
  },
  {
    id: "revoke-token-path-name",
    bug: "DELETE /admin/tokens/{peer} takes any name in its path",
    file: `${GATEWAY}/routes/tokens-routes.ts`,
    find: 'const peer = nameParam(request.params.peer, "peer");',
    replace: "const peer = request.params.peer;",
    projects: ["@mesh/gateway"],
  },
  {
    id: "openai-has-more-missing",
    bug: "OpenAI cost paging treats a missing has_more as more pages",
    file: "packages/discovery/cost/src/fetch-openai-cost-buckets.ts",
    find: ["if (body.has_more !== true) break;", "if (parsed.output.has_more !== true) break;"],
    replace: [
      "if (body.has_more === false) break;",
      "if (parsed.output.has_more === false) break;",
    ],
    projects: ["@discovery/cost"],
  },
  {
    id: "default-vendor-url",
    bug: "the default OpenAI cost address gains a path (https://api.openai.com/v1)",
    file: "packages/discovery/cost/src/fetch-openai-cost-buckets.ts",
    find: 'const DEFAULT_BASE_URL = "https://api.openai.com";',
    replace: 'const DEFAULT_BASE_URL = "https://api.openai.com/v1";',
    projects: ["@discovery/cost"],
  },
  {
    id: "default-catalog-url",
    bug: "the default AIMLAPI catalog address changes (https://api.aimlapi.com/v1)",
    file: "packages/discovery/catalog/src/catalog-options.ts",
    find: 'export const DEFAULT_BASE_URL = "https://api.aimlapi.com";',
    replace: 'export const DEFAULT_BASE_URL = "https://api.aimlapi.com/v1";',
    projects: ["@discovery/catalog"],
  },
  {
    id: "run-mesh-cli-io",
    bug: "runMeshCli writes to the process streams instead of the io it is given",
    file: "packages/mesh/cli/src/run-mesh-cli.ts",
    find: "return runProgram(createProgram(io, result), argv, io, result, { describeError });",
    replace:
      "const processStreams = Object.assign(Object.create(io), { stdout: process.stdout, stderr: process.stderr });\n  return runProgram(createProgram(processStreams, result), argv, io, result, { describeError });",
    projects: ["@mesh/cli"],
  },
  {
    id: "run-discovery-cli-io",
    bug: "runDiscoveryCli writes to the process streams instead of the io it is given",
    file: "packages/discovery/cli/src/run-discovery-cli.ts",
    find: "return runProgram(createProgram(io, result), argv, io, result);",
    replace:
      "const processStreams = Object.assign(Object.create(io), { stdout: process.stdout, stderr: process.stderr });\n  return runProgram(createProgram(processStreams, result), argv, io, result);",
    projects: ["@discovery/cli"],
  },
];

function parseArgs(argv) {
  const args = {
    ref: undefined,
    only: undefined,
    files: [],
    list: false,
    heavy: false,
    together: false,
    reuseDist: false,
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--ref") args.ref = argv[++i];
    else if (argv[i] === "--only") args.only = new Set(argv[++i].split(","));
    else if (argv[i] === "--list") args.list = true;
    else if (argv[i] === "--heavy") args.heavy = true;
    else if (argv[i] === "--together") args.together = true;
    else if (argv[i] === "--reuse-dist") args.reuseDist = true;
    else if (argv[i] === "--files") args.files = argv[++i].split(",");
    else
      throw new Error(
        `unknown argument ${argv[i]}; usage: plant-bugs.mjs [--ref R] [--only a,b] [--files f,g] [--heavy] [--together] [--reuse-dist] [--list]`,
      );
  }
  return args;
}

/** Package directories (`packages/<scope>/<name>` with a package.json) of the tree at `dir`. */
function packageDirs(dir) {
  return readdirSync(join(dir, "packages")).flatMap((scope) =>
    readdirSync(join(dir, "packages", scope))
      .map((name) => join("packages", scope, name))
      .filter((pkg) => existsSync(join(dir, pkg, "package.json"))),
  );
}

/**
 * The tree to plant in (the working tree, or the committed tree of `ref`), with this checkout's
 * installs linked in and every package built from the copy's own sources, dependencies first.
 */
function makeBase(ref, reuseDist) {
  const dir = mkdtempSync(join(tmpdir(), "plant-bugs-base-"));
  if (ref === undefined) {
    const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], {
      cwd: ROOT,
    })
      .toString()
      .split("\0")
      .filter((file) => file !== "" && existsSync(join(ROOT, file)));
    for (const file of files) cpSync(join(ROOT, file), join(dir, file), { recursive: true });
  } else {
    const archive = execFileSync("git", ["archive", ref], { cwd: ROOT, maxBuffer: 1 << 30 });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
  }
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  const packages = packageDirs(dir);
  // Tests need the JavaScript only: building declarations would multiply the time of every run.
  for (const config of [
    "tsup.config.base.ts",
    ...packages.map((pkg) => join(pkg, "tsup.config.ts")),
  ]) {
    const path = join(dir, config);
    if (!existsSync(path)) continue;
    const text = readFileSync(path, "utf8");
    writeFileSync(path, text.replace(/dts:\s*\{[^{}]*\{[^{}]*\}\s*\}/g, "dts: false"));
  }
  for (const pkg of packages) {
    const from = join(ROOT, pkg, "node_modules");
    if (existsSync(from)) {
      cpSync(from, join(dir, pkg, "node_modules"), { recursive: true, verbatimSymlinks: true });
    }
  }
  if (reuseDist) {
    for (const pkg of packages) {
      const from = join(ROOT, pkg, "dist");
      if (existsSync(from)) cpSync(from, join(dir, pkg, "dist"), { recursive: true });
    }
    return dir;
  }
  for (const pkg of buildOrder(dir, packages)) {
    const build = buildPackage(dir, pkg);
    if (build.status !== 0)
      throw new Error(`build of ${pkg} failed:\n${build.stderr.slice(-2000)}`);
  }
  return dir;
}

/** Package directories with workspace dependencies before their dependents. */
function buildOrder(dir, packages) {
  const byName = new Map();
  for (const pkg of packages) {
    const manifest = JSON.parse(readFileSync(join(dir, pkg, "package.json"), "utf8"));
    const deps = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    byName.set(manifest.name, { pkg, deps });
  }
  const order = [];
  const visit = (name) => {
    const entry = byName.get(name);
    if (entry === undefined || order.includes(entry.pkg)) return;
    byName.delete(name);
    for (const dep of entry.deps) visit(dep);
    order.push(entry.pkg);
  };
  for (const name of [...byName.keys()]) visit(name);
  return order;
}

/** Runs the package's own `build` script, with the tree's tools on PATH. */
function buildPackage(dir, pkg) {
  const manifest = JSON.parse(readFileSync(join(dir, pkg, "package.json"), "utf8"));
  const path = `${join(dir, "node_modules/.bin")}:${process.env.PATH}`;
  return run("sh", ["-c", manifest.scripts?.build ?? "true"], join(dir, pkg), { PATH: path });
}

/** A throw-away copy of the built base tree. */
function makeCopy(base) {
  const dir = mkdtempSync(join(tmpdir(), "plant-bugs-"));
  cpSync(base, dir, { recursive: true, verbatimSymlinks: true });
  return dir;
}

/** Applies the first of the plant's alternative `find` texts that occurs exactly once. */
function replaceOnce(dir, { file, find, replace }) {
  const path = join(dir, file);
  if (!existsSync(path)) return false;
  const text = readFileSync(path, "utf8");
  const finds = [find].flat();
  const replaces = [replace].flat();
  for (const [index, candidate] of finds.entries()) {
    const at = text.indexOf(candidate);
    if (at === -1 || text.indexOf(candidate, at + 1) !== -1) continue;
    writeFileSync(path, text.slice(0, at) + replaces[index] + text.slice(at + candidate.length));
    return true;
  }
  return false;
}

function run(command, args, cwd, env = {}) {
  return spawnSync(command, args, {
    cwd,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", ...env },
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
}

/** Plants `entries` (one, or several with --together) in a copy of `base` and runs their projects. */
function plant(entries, base, { heavy, files }) {
  const dir = makeCopy(base);
  try {
    const patches = entries.flatMap((entry) => [entry, ...(entry.extra ?? [])]);
    if (!patches.every((patch) => replaceOnce(dir, patch))) return { result: "n/a" };
    for (const pkg of new Set(
      entries.map((entry) => entry.file.split("/").slice(0, 3).join("/")),
    )) {
      const build = buildPackage(dir, pkg);
      if (build.status !== 0) return { result: "build failed", detail: build.stderr.slice(-2000) };
    }
    const env = Object.assign({ CI: "" }, ...entries.map((entry) => entry.env ?? {}));
    const projects = [...new Set(entries.flatMap((entry) => entry.projects))].flatMap((project) => [
      "--project",
      project,
    ]);
    if (!heavy) projects.push("--testNamePattern", `^(?!.*(${HEAVY_TESTS.source})).*$`);
    // A plant must fail an assertion, not a busy machine's timer: generous timeouts and one retry
    // keep load from scoring as a catch (the suite at older refs had 5 s per test).
    projects.push("--testTimeout=60000", "--hookTimeout=60000", "--retry=1");
    const tests = run(
      process.execPath,
      [join(dir, "node_modules/vitest/vitest.mjs"), "run", ...projects, ...files],
      dir,
      env,
    );
    const output = `${tests.stdout}\n${tests.stderr}`.replace(/\u001b\[[0-9;]*m/g, "");
    const failed = [...new Set([...output.matchAll(/^\s*FAIL\s+(.+)$/gm)].map((m) => m[1].trim()))];
    const summary = /Tests\s+(.+)/.exec(output)?.[1]?.trim() ?? "";
    if (/No test files found/.test(output)) return { result: "no tests", summary };
    return { result: tests.status === 0 ? "missed" : "caught", summary, failed };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const args = parseArgs(process.argv.slice(2));
const selected = PLANTS.filter((entry) => args.only === undefined || args.only.has(entry.id));
if (args.list) {
  for (const entry of selected) console.log(`${entry.id}\t${entry.bug}`);
  process.exit(0);
}
console.log(`suite: ${args.ref ?? "working tree"}; ${selected.length} plants\n`);
const base = makeBase(args.ref, args.reuseDist);
if (args.together) {
  // Every selected plant at once, in one run: cheap on a busy machine. No failure means none of
  // them is caught; failures name the tests, to attribute and confirm one plant at a time.
  const outcome = plant(selected, base, args);
  console.log(
    `${outcome.result} with all ${selected.length} plants at once; tests: ${outcome.summary}`,
  );
  for (const name of outcome.failed ?? []) console.log(`  failed: ${name}`);
  if (outcome.detail) console.log(outcome.detail);
  rmSync(base, { recursive: true, force: true });
  process.exit(0);
}
let caught = 0;
let scored = 0;
for (const entry of selected) {
  const started = Date.now();
  const outcome = plant([entry], base, args);
  const seconds = Math.round((Date.now() - started) / 1000);
  if (outcome.result === "caught" || outcome.result === "missed") scored++;
  if (outcome.result === "caught") caught++;
  console.log(`${outcome.result.padEnd(8)} ${entry.id} (${seconds} s): ${entry.bug}`);
  if (outcome.summary) console.log(`         tests: ${outcome.summary}`);
  for (const name of (outcome.failed ?? []).slice(0, 4)) console.log(`         failed: ${name}`);
  if (outcome.detail) console.log(outcome.detail);
}
console.log(`\ncaught ${caught} of ${scored} plants (${selected.length - scored} not applicable)`);
rmSync(base, { recursive: true, force: true });
process.exitCode = caught === scored ? 0 : 1;
