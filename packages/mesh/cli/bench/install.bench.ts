// What a user gets from `npm install @mesh/cli`: the packages and bytes it installs (from this
// repository's packed tarballs, third-party packages from the npm registry or npm's cache), and
// how long a `mesh peers` call takes from that install, whole process, against a gateway on
// loopback, next to a bare `node -e ""`. Targets: <= 15 packages, <= 5 MiB, <= 4x.
// Run: pnpm --filter @mesh/cli bench (after building every package).
import { execFileSync, spawn } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchStartup } from "@mesh/cli-kit/testing";
import { reportBench } from "@repo/bench";

const MAX_PACKAGES = 15;
const MAX_MIB = 5;
const MAX_RATIO = 4;
const TOKEN = "bench-admin-token-0123456789abcdef";
const meshDir = fileURLToPath(new URL("../..", import.meta.url));

/** Every public package of the mesh scope, packed into `into`, by name. */
function packMesh(into: string): Record<string, string> {
  const tarballs: Record<string, string> = {};
  for (const name of readdirSync(meshDir)) {
    const dir = join(meshDir, name);
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    if (manifest.private) continue;
    const out = execFileSync("pnpm", ["pack", "--pack-destination", into], { cwd: dir });
    const file = out.toString().trim().split("\n").pop()?.trim() ?? "";
    tarballs[manifest.name] = file.startsWith("/") ? file : join(into, file);
  }
  return tarballs;
}

function diskBytes(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  let sum = 0;
  for (const entry of readdirSync(path)) sum += diskBytes(join(path, entry));
  return sum;
}

/** Installed package folders: `node_modules/x` and `node_modules/@scope/x`, nested ones too. */
function countPackages(modules: string): number {
  let count = 0;
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith(".")) continue;
    const path = join(modules, entry);
    const dirs = entry.startsWith("@") ? readdirSync(path).map((name) => join(path, name)) : [path];
    for (const dir of dirs) {
      count++;
      const nested = join(dir, "node_modules");
      if (statSync(nested, { throwIfNoEntry: false })?.isDirectory())
        count += countPackages(nested);
    }
  }
  return count;
}

/** A gateway in its own process (the timed runs block this one), with one registered peer. */
async function startGateway(): Promise<{ url: string; stop: () => void }> {
  const bin = fileURLToPath(new URL("../../gateway/dist/cli.js", import.meta.url));
  const child = spawn(
    process.execPath,
    [bin, "serve", "--json", "--quiet", "--port", "0", "--database", ":memory:"],
    { env: { ...process.env, MESH_GATEWAY_TOKEN: TOKEN }, stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).url));
    child.once("exit", (code) => reject(new Error(`gateway exited with ${code}`)));
  });
  const response = await fetch(`${url}/peers/register`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "droplet", capabilities: { role: "bench" } }),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}`);
  return { url, stop: () => child.kill() };
}

const work = mkdtempSync(join(tmpdir(), "mesh-install-bench-"));
const gateway = await startGateway();
try {
  const packs = join(work, "packs");
  mkdirSync(packs);
  const tarballs = packMesh(packs);
  const app = join(work, "app");
  const deps = Object.fromEntries(Object.entries(tarballs).map(([n, f]) => [n, `file:${f}`]));
  mkdirSync(app);
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({
      private: true,
      dependencies: { "@mesh/cli": deps["@mesh/cli"] },
      // Sibling packages come from these tarballs, not from the registry.
      overrides: deps,
    }),
  );
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
    cwd: app,
    stdio: "ignore",
  });
  const modules = join(app, "node_modules");
  const packages = countPackages(modules);
  const mib = diskBytes(modules) / 2 ** 20;
  reportBench({
    figure: "npm install @mesh/cli, packages",
    value: String(packages),
    target: `<= ${MAX_PACKAGES}`,
    met: packages <= MAX_PACKAGES,
  });
  reportBench({
    figure: "npm install @mesh/cli, size on disk",
    value: `${mib.toFixed(2)} MiB`,
    target: `<= ${MAX_MIB} MiB`,
    met: mib <= MAX_MIB,
  });

  process.env["MESH_GATEWAY_URL"] = gateway.url;
  process.env["MESH_GATEWAY_TOKEN"] = TOKEN;
  const startup = benchStartup({
    label: "mesh peers",
    bin: join(modules, "@mesh", "cli", "bin", "mesh.js"),
    args: ["peers"],
    targetRatio: MAX_RATIO,
  });
  reportBench({
    figure: "mesh peers, whole process, mean",
    value: `${startup.program.mean.toFixed(1)} ms`,
    baseline: `node -e "" ${startup.baseline.mean.toFixed(1)} ms`,
    ratio: startup.ratio,
    target: `<= ${MAX_RATIO}x`,
    met: startup.met,
  });
} finally {
  gateway.stop();
  rmSync(work, { recursive: true, force: true });
}
