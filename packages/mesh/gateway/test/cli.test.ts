import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { startGateway } from "../src/index.js";
import { ADMIN_TOKEN, register, tempDir } from "./helpers.js";

const BIN = fileURLToPath(new URL("../bin/mesh-gateway.js", import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the `mesh-gateway` bin in `cwd` until it exits (or, with `untilStderr`, until that shows up, then SIGINT). */
function run(args: string[], cwd: string, untilStderr?: RegExp): Promise<Run> {
  const env = { ...process.env };
  delete env["MESH_GATEWAY_TOKEN"];
  delete env["MESH_GATEWAY_DATABASE"];
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env });
  let stdout = "";
  let stderr = "";
  let interrupted = false;
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    // Once, like one Ctrl-C: a second SIGINT would find the handler gone and kill the process.
    if (!interrupted && untilStderr?.test(stderr)) {
      interrupted = true;
      child.kill("SIGINT");
    }
  });
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

// Each case starts Node processes, which takes seconds on a loaded machine.
const SLOW = { timeout: 60_000 };

describe("mesh-gateway token issue and revoke", SLOW, () => {
  it("refuses a database file that does not exist, and creates nothing", async () => {
    const temp = tempDir();
    try {
      for (const command of ["issue", "revoke"]) {
        const result = await run(["token", command, "alice", "--database", "typo.db"], temp.dir);
        expect(result.code).toBe(1);
        expect(result.stderr).toContain("no database at typo.db");
        expect(result.stderr).toContain("--create");
        expect(result.stdout).toBe("");
      }
      expect(readdirSync(temp.dir)).toEqual([]);
    } finally {
      temp.remove();
    }
  });

  it("resolves an alias as every other command does: `issue drop` mints for droplet", async () => {
    const temp = tempDir();
    const database = join(temp.dir, "gateway.db");
    try {
      const issued = await run(
        ["token", "issue", "drop", "--database", database, "--create"],
        temp.dir,
      );
      expect(issued.code).toBe(0);
      expect(issued.stderr).toContain("token for peer 'droplet'");
      const gateway = await startGateway({
        port: 0,
        database,
        adminToken: ADMIN_TOKEN,
        logger: false,
      });
      try {
        expect((await register(gateway, "droplet", issued.stdout.trim())).status).toBe(201);
      } finally {
        await gateway.close();
      }
      const revoked = await run(["token", "revoke", "drop", "--database", database], temp.dir);
      expect(revoked).toMatchObject({ code: 0, stdout: "revoked 1 token(s) of 'droplet'\n" });
    } finally {
      temp.remove();
    }
  });

  it("warns when a new name is close to a peer's or a token holder's (bobb for bob), and issues anyway", async () => {
    const temp = tempDir();
    const database = join(temp.dir, "gateway.db");
    const issue = (name: string) =>
      run(["token", "issue", name, "--database", database, "--create"], temp.dir);
    try {
      expect((await issue("bob")).stderr).not.toContain("warning");
      const typo = await issue("bobb");
      expect(typo.code).toBe(0);
      expect(typo.stdout).toMatch(/^mesh_\S+\n$/);
      expect(typo.stderr.split("\n")[1]).toBe(
        "mesh-gateway: warning: no peer or token was named 'bobb' before, but 'bob' is: did you mean bob? If so, revoke this one (mesh-gateway token revoke bobb) and issue for bob",
      );
      // A name already known, and one close to nothing, issue without a warning.
      expect((await issue("bobb")).stderr).not.toContain("warning");
      expect((await issue("carol")).stderr).not.toContain("warning");
    } finally {
      temp.remove();
    }
  });

  it("exits 1 when revoking a peer that has no token", async () => {
    const temp = tempDir();
    const database = join(temp.dir, "gateway.db");
    try {
      expect(
        (await run(["token", "issue", "alice", "--database", database, "--create"], temp.dir)).code,
      ).toBe(0);
      const result = await run(["token", "revoke", "bob", "--database", database], temp.dir);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("peer 'bob' has no token");
      expect(result.stdout).toBe("");
    } finally {
      temp.remove();
    }
  });
});

describe("mesh-gateway serve first-run safety", SLOW, () => {
  it.each(["mysql://root:hunter2@localhost/mesh", "postgress://mesh:hunter2@localhost/mesh"])(
    "refuses the database %s with the accepted forms (exit 2) and creates nothing",
    async (database) => {
      const temp = tempDir();
      try {
        const result = await run(["serve", "--port", "0", "--database", database], temp.dir);
        expect(result.code).toBe(2);
        expect(result.stderr).toContain("':memory:', or a postgres:// or postgresql:// URL");
        expect(result.stderr).not.toContain("hunter2");
        expect(readdirSync(temp.dir)).toEqual([]);
      } finally {
        temp.remove();
      }
    },
  );

  it("refuses open mode on 0.0.0.0 without --insecure-open (exit 2)", async () => {
    const temp = tempDir();
    try {
      const result = await run(["serve", "--host", "0.0.0.0", "--port", "0"], temp.dir);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("refusing open mode on 0.0.0.0");
      expect(existsSync(join(temp.dir, ".mesh"))).toBe(false);
    } finally {
      temp.remove();
    }
  });

  it("with --insecure-open prints the address bound, 0.0.0.0, and stops with 0 on SIGINT", async () => {
    const temp = tempDir();
    try {
      const result = await run(
        ["serve", "--host", "0.0.0.0", "--port", "0", "--database", ":memory:", "--insecure-open"],
        temp.dir,
        /Ctrl-C|auth: .*\n/,
      );
      expect(result.code).toBe(0);
      expect(result.stderr).toMatch(
        /listening on http:\/\/0\.0\.0\.0:\d+ \(from this machine: http:\/\/127\.0\.0\.1:\d+\)/,
      );
      expect(result.stderr).toContain("mesh-gateway stopped");
    } finally {
      temp.remove();
    }
  });
});
