import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MeshClient } from "@mesh/client";
import { type RunningGateway, startGateway } from "@mesh/gateway";
import { clearRegistryCache } from "@mesh/names";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, collect, runCli, startCli, waitFor } from "./run-cli.js";

const ADMIN_TOKEN = "admin-token-for-mesh-cli-tests-0123456789";
const PASTED_KEY = `sk-proj-${"Q".repeat(40)}`;

let gateway: RunningGateway;
let dropletToken: string;
let labToken: string;
let admin: MeshClient;
let dir: string;

/** Environment of a peer: the gateway address, its token and its name. */
function peerEnv(node: string, token: string, extra: Record<string, string> = {}) {
  return baseEnv({
    MESH_GATEWAY_URL: gateway.url,
    MESH_GATEWAY_TOKEN: token,
    MESH_NODE: node,
    ...extra,
  });
}

function json(text: string): unknown {
  return JSON.parse(text);
}

beforeAll(async () => {
  gateway = await startGateway({
    port: 0,
    database: ":memory:",
    adminToken: ADMIN_TOKEN,
    logger: false,
  });
  dropletToken = await gateway.issueToken("droplet");
  labToken = await gateway.issueToken("lab-ovh");
  admin = new MeshClient({ node: "gpu-wsl", gatewayUrl: gateway.url, token: ADMIN_TOKEN });
  dir = await mkdtemp(join(tmpdir(), "mesh-cli-"));
  const registered = await runCli(["register", "--capabilities", '{"runtime":"node"}', "--json"], {
    env: peerEnv("droplet", dropletToken),
  });
  expect(registered.code).toBe(0);
  expect(json(registered.stdout)).toMatchObject({
    peer: { name: "droplet", capabilities: { runtime: "node" } },
  });
  expect((await runCli(["register"], { env: peerEnv("lab-ovh", labToken) })).code).toBe(0);
});

afterAll(async () => {
  await admin?.close();
  await gateway?.close();
});

describe("mesh: help and usage", () => {
  it("prints help listing every command and exits 0", async () => {
    const run = await runCli(["--help"]);
    expect(run.code).toBe(0);
    for (const command of [
      "peers",
      "register",
      "send",
      "inbox",
      "read",
      "watch",
      "guard",
      "gateway",
    ]) {
      expect(run.stdout).toContain(command);
    }
  });

  it("lists the global options in a subcommand's help", async () => {
    const run = await runCli(["send", "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Global Options:");
    for (const flag of ["--json", "--node <name>", "--gateway-url <url>"]) {
      expect(run.stdout).toContain(flag);
    }
  });

  it.each([
    [["frobnicate"]],
    [["send", "lab-ovh", "gossip", "hi"]],
    [["send"]],
    [["inbox", "--limit", "0"]],
    [["read", "abc"]],
    [["gateway", "--port", "70000"]],
    [["peers", "--no-such-flag"]],
  ])("exits 2 on the usage error %j, one line starting `mesh: error:`", async (args) => {
    const run = await runCli(args, { env: peerEnv("droplet", dropletToken) });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^mesh: error: \S/);
    expect(run.stderr.split("\n")[1]).toBe("(run with --help for usage)");
    expect(run.stdout).toBe("");
  });

  it("exits 2 with the usage on stderr when no command is given", async () => {
    const run = await runCli([], { env: peerEnv("droplet", dropletToken) });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Usage: mesh /);
    expect(run.stdout).toBe("");
  });

  it("exits 2 for --capabilities that is not a JSON object", async () => {
    const run = await runCli(["register", "--capabilities", "[1]"], {
      env: peerEnv("droplet", dropletToken),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("JSON object");
  });
});

describe("mesh: peers and messages against a real gateway", () => {
  it("lists peers as JSON and as an aligned table", async () => {
    const asJson = await runCli(["peers", "--json"], { env: peerEnv("droplet", dropletToken) });
    expect(asJson.code).toBe(0);
    const { peers } = json(asJson.stdout) as { peers: { name: string }[] };
    expect(peers.map((p) => p.name).sort()).toEqual(["droplet", "lab-ovh"]);

    const table = await runCli(["peers"], { env: peerEnv("droplet", dropletToken) });
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^NAME\s+STATE\s+URL\s+LAST SEEN\s+CAPABILITIES$/);
    expect(lines).toHaveLength(3);
    expect(table.stdout).not.toContain("\x1b[");
  });

  it("colours only when asked: FORCE_COLOR on, NO_COLOR off", async () => {
    const forced = await runCli(["peers"], {
      env: peerEnv("droplet", dropletToken, { FORCE_COLOR: "1" }),
    });
    expect(forced.stdout).toContain("\x1b[");
    const off = await runCli(["peers"], {
      env: peerEnv("droplet", dropletToken, { FORCE_COLOR: "1", NO_COLOR: "1" }),
    });
    expect(off.stdout).not.toContain("\x1b[");
  });

  it("sends a question through an alias and the recipient reads it with --from", async () => {
    const sent = await runCli(
      [
        "send",
        "lab-claude",
        "question",
        "can you take task 12?",
        "--thread",
        "t-12",
        "--task",
        "12",
        "--json",
      ],
      {
        env: peerEnv("droplet", dropletToken),
      },
    );
    expect(sent.code).toBe(0);
    const { message } = json(sent.stdout) as { message: Record<string, unknown> };
    expect(message).toMatchObject({
      from_node: "droplet",
      to_node: "lab-ovh",
      kind: "question",
      thread_id: "t-12",
    });
    expect(message).not.toHaveProperty("content");

    const inbox = await runCli(["inbox", "--unread", "--from", "drop", "--json"], {
      env: peerEnv("lab-ovh", labToken),
    });
    expect(inbox.code).toBe(0);
    const { messages } = json(inbox.stdout) as { messages: Record<string, unknown>[] };
    expect(messages.find((m) => m["id"] === message["id"])).toMatchObject({
      content: "can you take task 12?",
      related_task_id: "12",
      read_at: null,
    });

    const other = await runCli(["inbox", "--from", "gpu-wsl", "--json"], {
      env: peerEnv("lab-ovh", labToken),
    });
    expect(json(other.stdout)).toEqual({ messages: [] });
  });

  it("refuses a DM to oneself, also through an alias, as a usage error", async () => {
    const run = await runCli(["send", "drop", "fyi", "hi"], {
      env: peerEnv("droplet", dropletToken),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("to yourself");
  });

  it.each([
    ["an empty argument", ["send", "lab-ovh", "fyi", ""], undefined, "argument is empty"],
    ["a blank argument", ["send", "lab-ovh", "fyi", "  \n"], undefined, "argument is empty"],
    ["empty stdin", ["send", "lab-ovh", "fyi", "-"], "", "stdin was empty"],
    ["a bare newline on stdin", ["send", "lab-ovh", "fyi", "-"], "\n", "stdin was empty"],
  ])("refuses %s as a usage error and stores nothing", async (_, args, input, reason) => {
    const before = await admin.fetch({ toNode: "lab-ovh", limit: 1000 });
    const run = await runCli(args, {
      env: peerEnv("droplet", dropletToken),
      ...(input !== undefined ? { input } : {}),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("empty DM");
    expect(run.stderr).toContain(reason);
    expect(run.stderr).toContain("hint: write the message text");
    expect(await admin.fetch({ toNode: "lab-ovh", limit: 1000 })).toHaveLength(before.length);
  });

  it("trims the one trailing newline of stdin content and keeps the rest", async () => {
    const run = await runCli(["send", "lab-ovh", "fyi", "-", "--json"], {
      env: peerEnv("droplet", dropletToken),
      input: "  line one\n\nline three\n",
    });
    expect(run.code).toBe(0);
    const { message } = json(run.stdout) as { message: { id: number } };
    const stored = await admin.fetch({ toNode: "lab-ovh", limit: 1000 });
    expect(stored.find((m) => m.id === message.id)?.content).toBe("  line one\n\nline three");
  });

  it("takes its aliases from MESH_ALIASES, and none when it is empty", async () => {
    const aliased = await runCli(["send", "lab", "fyi", "via an alias", "--json"], {
      env: peerEnv("droplet", dropletToken, { MESH_ALIASES: "lab=lab-ovh" }),
    });
    expect(aliased.code).toBe(0);
    const { message } = json(aliased.stdout) as { message: Record<string, unknown> };
    expect(message["to_node"]).toBe("lab-ovh");
    const none = await runCli(["send", "lab-claude", "fyi", "hi"], {
      env: peerEnv("droplet", dropletToken, { MESH_ALIASES: "" }),
    });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("not in the gateway registry");
  });

  it("reads the content from stdin with `-` and answers in the same thread", async () => {
    const sent = await runCli(["send", "droplet", "answer", "-", "--thread", "t-12"], {
      env: peerEnv("lab-ovh", labToken),
      input: "yes, on it\nETA one hour\n",
    });
    expect(sent.code).toBe(0);
    expect(sent.stdout).toMatch(/^sent #\d+ answer from lab-ovh to droplet thread t-12$/m);
    const inbox = await runCli(["inbox", "--full"], { env: peerEnv("droplet", dropletToken) });
    expect(inbox.stdout).toContain("    yes, on it\n    ETA one hour");
  });

  it("refuses a pasted key with exit 1, never echoes it, and stores nothing", async () => {
    const before = await admin.fetch({ toNode: "lab-ovh", limit: 1000 });
    const run = await runCli(["send", "lab-ovh", "fyi", `the key is ${PASTED_KEY}`], {
      env: peerEnv("droplet", dropletToken),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("openai api key");
    expect(run.stderr).toContain("hint:");
    expect(run.stdout + run.stderr).not.toContain(PASTED_KEY);
    expect(await admin.fetch({ toNode: "lab-ovh", limit: 1000 })).toHaveLength(before.length);
  });

  it("refuses the live gateway token in content without printing it", async () => {
    const run = await runCli(["send", "lab-ovh", "fyi", `use ${dropletToken} for now`], {
      env: peerEnv("droplet", dropletToken),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("live MESH_GATEWAY_TOKEN");
    expect(run.stdout + run.stderr).not.toContain(dropletToken);
  });

  it("marks messages read, and exits 1 for an unknown id", async () => {
    const sent = (await admin.send({ to: "droplet", kind: "fyi", content: "build green" }))!;
    const read = await runCli(["read", String(sent.id), "--json"], {
      env: peerEnv("droplet", dropletToken),
    });
    expect(read.code).toBe(0);
    expect(json(read.stdout)).toEqual({ read: [sent.id], failed: [] });
    const unread = await runCli(["inbox", "--unread", "--json"], {
      env: peerEnv("droplet", dropletToken),
    });
    const { messages } = json(unread.stdout) as { messages: { id: number }[] };
    expect(messages.map((m) => m.id)).not.toContain(sent.id);

    const missing = await runCli(["read", "999999"], { env: peerEnv("droplet", dropletToken) });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("#999999");
    expect(missing.stderr).toContain("404");
  });

  it("exits 1 for an unknown recipient, 2 for a malformed one", async () => {
    const unknown = await runCli(["send", "ghost-peer", "fyi", "hi"], {
      env: peerEnv("droplet", dropletToken),
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("ghost-peer");
    const malformed = await runCli(["send", "Ghost_Peer", "fyi", "hi"], {
      env: peerEnv("droplet", dropletToken),
    });
    expect(malformed.code).toBe(2);
  });
});

describe("mesh: missing or wrong settings", () => {
  it("exits 1 with a hint naming MESH_NODE when no peer name is set", async () => {
    const run = await runCli(["inbox"], {
      env: baseEnv({ MESH_GATEWAY_URL: gateway.url, MESH_GATEWAY_TOKEN: dropletToken }),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/hint: .*MESH_NODE/);
  });

  it("exits 1 with a hint naming MESH_GATEWAY_TOKEN when the token is missing or wrong", async () => {
    const missing = await runCli(["inbox"], {
      env: baseEnv({ MESH_GATEWAY_URL: gateway.url, MESH_NODE: "droplet" }),
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/hint: .*MESH_GATEWAY_TOKEN/);
    const wrongToken = "not-a-real-token-but-long-enough-xyz";
    const wrong = await runCli(["peers"], { env: peerEnv("droplet", wrongToken) });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/hint: .*MESH_GATEWAY_TOKEN/);
    expect(wrong.stdout + wrong.stderr).not.toContain(wrongToken);
  });

  it("reports a send with a wrong token as a 401 naming --token, not as a skipped registry check", async () => {
    const run = await runCli(["send", "lab-ovh", "fyi", "hi"], {
      env: peerEnv("droplet", "not-a-real-token-but-long-enough-xyz"),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("(401)");
    expect(run.stderr).toMatch(/hint: set MESH_GATEWAY_TOKEN \(or pass --token\)/);
    expect(run.stderr).not.toMatch(/skipped|unreachable|`token` option/);
  });

  it("hints that MESH_NODE must match the token's peer on a 403", async () => {
    const run = await runCli(["inbox"], { env: peerEnv("lab-ovh", dropletToken) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("(403)");
    expect(run.stderr).toMatch(
      /hint: .*set MESH_NODE \(or --node\) to the peer the token was issued for/,
    );
    expect(run.stderr).not.toContain("option");
  });

  it("takes flags over the environment and warns that --token is visible", async () => {
    const run = await runCli(
      ["--node", "lab-ovh", "--gateway-url", gateway.url, "--token", labToken, "inbox", "--json"],
      { env: baseEnv({ MESH_NODE: "droplet", MESH_GATEWAY_URL: "http://127.0.0.1:9" }) },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("--token is visible");
    expect(run.stderr).not.toContain(labToken);
  });

  it("exits 1 with a hint naming MESH_GATEWAY_URL when no gateway answers", async () => {
    const run = await runCli(["peers"], {
      env: baseEnv({ MESH_GATEWAY_URL: "http://127.0.0.1:9" }),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/hint: .*MESH_GATEWAY_URL \(or pass --gateway-url\)/);
    expect(run.stderr).not.toMatch(/`gatewayUrl`|canonical_names/);
  });
});

describe("mesh: names and addresses checked before any request", () => {
  it.each([
    ["register", ["register"], "Alice", "Alice", "did you mean alice? MESH_NODE"],
    ["inbox", ["inbox"], "Lab_OVH", "Lab_OVH", "did you mean lab-ovh? MESH_NODE"],
    ["send", ["send", "Bob", "fyi", "hi"], "droplet", "Bob", "did you mean bob? the recipient"],
    ["inbox --from", ["inbox", "--from", "Bo_b"], "droplet", "Bo_b", "did you mean bo-b? --from"],
  ])("%s refuses the malformed name as a usage error with the well-formed one", async (...row) => {
    const [, args, node, bad, hint] = row;
    const run = await runCli(args, { env: peerEnv(node, dropletToken) });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`'${bad}'`);
    expect(run.stderr).toContain(`hint: ${hint}`);
    expect(run.stderr).not.toContain("400");
  });

  it("notes a did-you-mean when inbox --from names no registered peer and finds nothing", async () => {
    const run = await runCli(["inbox", "--from", "lab-ovn", "--json"], {
      env: peerEnv("droplet", dropletToken),
    });
    expect(run.code).toBe(0);
    expect(json(run.stdout)).toEqual({ messages: [] });
    expect(run.stderr).toContain("lab-ovn is not a registered peer; did you mean lab-ovh?");
  });

  it.each([["not-a-url"], ["ftp://files.example"], ["localhost:8080"]])(
    "refuses register --url %s as a usage error",
    async (url) => {
      const run = await runCli(["register", "--url", url], {
        env: peerEnv("droplet", dropletToken),
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("--url is not an http(s) address");
      expect(run.stderr).toContain("hint: pass the full address");
    },
  );

  it("registers an http(s) --url", async () => {
    const run = await runCli(["register", "--url", "https://droplet.example:8443/mesh", "--json"], {
      env: peerEnv("droplet", dropletToken),
    });
    expect(run.code).toBe(0);
    expect(json(run.stdout)).toMatchObject({ peer: { url: "https://droplet.example:8443/mesh" } });
  });
});

describe("mesh guard", () => {
  it("reports file:line:column and the rule, never the key, and exits 1", async () => {
    const file = join(dir, "config.ts");
    await writeFile(file, `const a = 1;\nconst key = "${PASTED_KEY}";\n`);
    const run = await runCli(["guard", file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${file}:2:14  openai-api-key  openai api key`);
    expect(run.stdout + run.stderr).not.toContain(PASTED_KEY);

    const asJson = await runCli(["guard", file, "--json"]);
    expect(json(asJson.stdout)).toEqual({
      findings: [{ file, line: 2, column: 14, ruleId: "openai-api-key", label: "openai api key" }],
      files: 1,
      unreadable: [],
    });
  });

  it("passes clean files with exit 0 and scans stdin without files", async () => {
    const file = join(dir, "clean.txt");
    await writeFile(file, "nothing to see here\n");
    expect((await runCli(["guard", file])).code).toBe(0);
    const piped = await runCli(["guard", "--json"], {
      input: `line one\naws AKIAIOSFODNN7EXAMPLE\n`,
    });
    expect(piped.code).toBe(1);
    expect(json(piped.stdout)).toMatchObject({
      findings: [{ file: "<stdin>", line: 2, column: 5, ruleId: "aws-access-key-id" }],
    });
  });

  it("finds the live MESH_GATEWAY_TOKEN as a known secret", async () => {
    const run = await runCli(["guard", "--json"], {
      env: baseEnv({ MESH_GATEWAY_TOKEN: dropletToken }),
      input: `token: ${dropletToken}\n`,
    });
    expect(run.code).toBe(1);
    expect(json(run.stdout)).toMatchObject({
      findings: [{ ruleId: "known-secret", line: 1, column: 8 }],
    });
    expect(run.stdout).not.toContain(dropletToken);
  });

  it("exits 1 for a missing file, saying so with a hint", async () => {
    const missing = join(dir, "missing.txt");
    const run = await runCli(["guard", missing]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `mesh: error: cannot read ${missing}: no such file (ENOENT)\n` +
        "hint: check the path (relative to the current folder); to scan staged changes: git diff --cached | mesh guard\n",
    );
  });

  it("exits 1 for a folder, pointing at its files", async () => {
    const run = await runCli(["guard", dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `cannot read ${dir}: it is a folder (EISDIR)\nhint: pass the files`,
    );
  });
});

describe("mesh watch and mesh gateway", () => {
  it.each([
    ["a busy port", "busy", /is in use .*\n.*hint: .*--port/],
    [
      "a file that is not a database",
      "file",
      /not-a-db\.sqlite is not a SQLite database.*\n.*hint: .*--database/,
    ],
    [
      "a missing PostgreSQL database",
      "postgres://root@127.0.0.1:5432/no_such_db_mesh_cli",
      /database "no_such_db_mesh_cli" does not exist.*\n.*hint: create it/,
    ],
  ])("refuses to start on %s with a hint", async (_, database, expected) => {
    const busy = database === "busy";
    const file = join(dir, "not-a-db.sqlite");
    await writeFile(file, "this is text, not a SQLite database file ".repeat(4));
    const port = new URL(gateway.url).port;
    const run = await runCli(
      [
        "gateway",
        "--host",
        "127.0.0.1",
        "--port",
        busy ? port : "0",
        "--database",
        busy ? ":memory:" : database === "file" ? file : database,
      ],
      { env: baseEnv() },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(expected);
  });

  it("streams a new DM as one JSON line, marks nothing read, and stops cleanly on SIGINT", async () => {
    // A peer of its own, with an empty inbox: watch starts with the unread messages already waiting.
    const token = await gateway.issueToken("science-claude");
    expect((await runCli(["register"], { env: peerEnv("science-claude", token) })).code).toBe(0);
    const child = startCli(["watch", "--json"], peerEnv("science-claude", token));
    const done = collect(child);
    await waitFor(child.stderr, /watching the inbox of science-claude/);
    const line = waitFor(child.stdout, /\n/);
    clearRegistryCache(); // the test process cached the registry before this peer joined
    const sent = (await admin.send({
      to: "science-claude",
      kind: "status",
      content: "deploy started",
    }))!;
    const message = json((await line).split("\n")[0] ?? "") as Record<string, unknown>;
    expect(message).toMatchObject({
      id: sent.id,
      kind: "status",
      content: "deploy started",
      read_at: null,
    });
    child.kill("SIGINT");
    const run = await done;
    expect(run.code).toBe(0);
    const inbox = await admin.fetch({ toNode: "science-claude", limit: 1000 });
    expect(inbox.find((m) => m.id === sent.id)?.read_at).toBeNull();
  });

  it("prints the listening event as the first --json line, before the request log", async () => {
    const child = startCli(
      ["gateway", "--port", "0", "--database", ":memory:", "--json"],
      baseEnv(),
    );
    const done = collect(child);
    const first = json((await waitFor(child.stdout, /\n/)).split("\n")[0] ?? "") as {
      url: string;
    };
    expect(first).toMatchObject({ event: "listening", authMode: "open" });
    await fetch(`${first.url}/health`);
    child.kill("SIGTERM");
    const run = await done;
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n").map(json) as Record<string, unknown>[];
    expect(lines[0]).toMatchObject({ event: "listening" });
    // The open-mode warning logged during start-up still comes out, after the banner.
    expect(lines.slice(1).some((line) => String(line["msg"]).includes("open mode"))).toBe(true);
  });

  it("takes the flags of mesh-gateway serve (--no-ui, --rate-limit, --content-guard) and --token", async () => {
    const child = startCli(
      [
        "--token",
        ADMIN_TOKEN,
        "gateway",
        "--port",
        "0",
        "--database",
        ":memory:",
        "--no-ui",
        "--rate-limit",
        "0",
        "--content-guard",
        "off",
        "--quiet",
        "--json",
      ],
      baseEnv(),
    );
    const done = collect(child);
    const banner = json((await waitFor(child.stdout, /\n/)).split("\n")[0] ?? "") as {
      url: string;
      authMode: string;
    };
    expect(banner).toMatchObject({ event: "listening", authMode: "admin" });
    const ui = await fetch(`${banner.url}/ui/`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(ui.status).toBe(404);
    child.kill("SIGTERM");
    const run = await done;
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain("dashboard:");
    expect(run.stdout + run.stderr).not.toContain(ADMIN_TOKEN);
  });

  it("runs the gateway, prints its address, database and auth mode, and stops on SIGTERM", async () => {
    const child = startCli(
      ["gateway", "--port", "0", "--database", ":memory:", "--quiet", "--json"],
      baseEnv({ MESH_GATEWAY_TOKEN: ADMIN_TOKEN }),
    );
    const done = collect(child);
    const banner = json((await waitFor(child.stdout, /\n/)).split("\n")[0] ?? "") as {
      url: string;
      database: string;
      authMode: string;
    };
    expect(banner).toMatchObject({
      event: "listening",
      database: "sqlite :memory:",
      authMode: "admin",
    });
    const health = await fetch(`${banner.url}/health`);
    expect(await health.text()).toBe("ok");
    child.kill("SIGTERM");
    const run = await done;
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("auth: admin token");
    expect(run.stdout + run.stderr).not.toContain(ADMIN_TOKEN);
  });
});
