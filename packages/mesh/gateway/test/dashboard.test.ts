// The web dashboard in a real browser: playwright-core driving the machine's Chromium.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runningInCi } from "@mesh/cli-kit/testing";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningGateway, startGateway } from "../src/index.js";
import { ADMIN_TOKEN, call, register, send } from "./helpers.js";

/** The Debian `chromium` package's binary, or `undefined` when it is not installed. */
function findChromium(): string | undefined {
  const fromEnv = process.env["CHROMIUM_PATH"];
  if (fromEnv !== undefined && existsSync(fromEnv)) return fromEnv;
  try {
    return execFileSync("which", ["chromium"], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

const executablePath = findChromium();
if (executablePath === undefined) {
  const problem = "no `chromium` on PATH, so the dashboard's browser tests cannot run";
  // In CI a silent skip would pass a run that never opened the dashboard.
  if (runningInCi()) {
    throw new Error(
      `@mesh/gateway dashboard tests: ${problem}. CI is set, so this fails the run: install it (apt-get install -y chromium; .ci/run does) or unset CI to skip locally.`,
    );
  }
  console.warn(
    `\n${"!".repeat(100)}\n@mesh/gateway dashboard tests: ${problem}; they are SKIPPED. Install the Debian package chromium to run them (with CI set, this is an error).\n${"!".repeat(100)}\n`,
  );
}

/** Set to write the README's screenshot of the dashboard. */
const SCREENSHOT = process.env["UPDATE_DASHBOARD_SCREENSHOT"] === "1";
const SCREENSHOT_PATH = fileURLToPath(new URL("../docs/dashboard.png", import.meta.url));

/** Built at run time so that no credential-shaped literal sits in the repository. */
const FAKE_GITHUB_TOKEN = ["ghp", "_", "Zq8Lw3Nv5Tx7Rb2Kd4Hf6Jm9Pc1Sg0Ya3Ue5Wi"].join("");

// A real browser on a shared machine: generous per-test time, never a timed assertion but one
// (the issue's "within 1 s" for a live message).
(executablePath === undefined ? describe.skip : describe)(
  "dashboard at /ui/",
  { timeout: 60_000 },
  () => {
    let browser: Browser;
    let gateway: RunningGateway;
    let context: BrowserContext;
    let page: Page;
    let bobToken: string;

    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: executablePath as string });
    });
    afterAll(async () => {
      await browser?.close();
    });

    beforeEach(async () => {
      gateway = await startGateway({
        port: 0,
        database: ":memory:",
        adminToken: ADMIN_TOKEN,
        logger: false,
      });
      for (const name of ["alice", "bob", "carol"]) await register(gateway, name);
      bobToken = await gateway.issueToken("bob");
      context = await browser.newContext();
      page = await context.newPage();
    });
    afterEach(async () => {
      await context.close();
      await gateway.close();
    });

    const signIn = async (token: string) => {
      await page.goto(`${gateway.url}/ui/`);
      await page.getByLabel("Token").fill(token);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("table", { name: "Peers" }).waitFor();
    };
    /** Opens an inbox and waits until its live stream has answered (it is subscribed then). */
    const openInbox = async (peer: string, select: boolean) => {
      const streamed = page.waitForResponse((response) =>
        response.url().includes(`/messages/stream?to=${peer}`),
      );
      if (select) {
        await page
          .getByRole("table", { name: "Peers" })
          .getByRole("button", { name: peer, exact: true })
          .click();
      }
      await streamed;
    };

    it("signs in with a token kept in sessionStorage, never in the URL, and lists the peers", async () => {
      await signIn(ADMIN_TOKEN);
      const peers = page.getByRole("table", { name: "Peers" });
      for (const name of ["alice", "bob", "carol"]) {
        await peers.getByRole("rowheader", { name }).waitFor();
      }
      expect(page.url()).not.toContain(ADMIN_TOKEN);
      const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
      expect(stored).toContain(ADMIN_TOKEN);
      const local = await page.evaluate(() => JSON.stringify(localStorage));
      expect(local).not.toContain(ADMIN_TOKEN);
    });

    it("refuses a wrong token with an alert", async () => {
      await page.goto(`${gateway.url}/ui/`);
      await page.getByLabel("Token").fill("not-the-token-0123456789");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("alert").filter({ hasText: "not accepted" }).waitFor();
    });

    it("shows a DM sent through the API without a reload, within a second", async () => {
      await signIn(ADMIN_TOKEN);
      await openInbox("bob", true);
      await send(gateway, { from_node: "alice", to_node: "bob", content: "live from the API" });
      const inbox = page.getByRole("region", { name: "Inbox" });
      await inbox.getByText("live from the API").waitFor({ timeout: 1000 });
      await inbox.getByRole("button", { name: /^Mark #\d+ read$/ }).click();
      await inbox.getByText(/^read /).waitFor();
      if (SCREENSHOT) {
        await call(gateway, "POST", "/peers/register", {
          body: { name: "carol", capabilities: { can_claim_tasks: true, runtime: "node" } },
        });
        await send(gateway, {
          from_node: "carol",
          to_node: "bob",
          kind: "question",
          content: "Can you review the deploy plan before 18:00?",
          thread_id: "deploy-42",
        });
        await inbox.getByText("deploy plan").waitFor();
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.screenshot({ path: SCREENSHOT_PATH, fullPage: true });
      }
    });

    it("sends a DM from the compose form", async () => {
      await signIn(ADMIN_TOKEN);
      const compose = page.getByRole("form", { name: "Compose" });
      await compose.getByLabel("From").selectOption("alice");
      await compose.getByLabel("To").fill("carol");
      await compose.getByLabel("Kind").selectOption("question");
      await compose.getByLabel("Message").fill("sent from the page");
      await compose.getByRole("button", { name: "Send" }).click();
      await compose.getByRole("status").filter({ hasText: "Sent as #" }).waitFor();
      const inbox = await call(gateway, "GET", "/messages?to=carol");
      expect(inbox.json.messages).toMatchObject([
        { from_node: "alice", to_node: "carol", kind: "question", content: "sent from the page" },
      ]);
    });

    it("refuses a pasted key in the page, naming the rule, and sends nothing", async () => {
      await signIn(ADMIN_TOKEN);
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      const compose = page.getByRole("form", { name: "Compose" });
      await compose.getByLabel("From").selectOption("alice");
      await compose.getByLabel("To").fill("carol");
      await compose.getByLabel("Message").fill(`here is the key: ${FAKE_GITHUB_TOKEN}`);
      await compose.getByRole("button", { name: "Send" }).click();
      const alert = compose.getByRole("alert");
      await alert.filter({ hasText: "github-token" }).waitFor();
      expect(await alert.textContent()).not.toContain(FAKE_GITHUB_TOKEN);
      expect(posts).toEqual([]);
      expect((await call(gateway, "GET", "/messages?to=carol")).json.messages).toEqual([]);
    });

    it("refuses a DM to oneself in the page", async () => {
      await signIn(bobToken);
      const compose = page.getByRole("form", { name: "Compose" });
      await compose.getByLabel("To").fill("bob");
      await compose.getByLabel("Message").fill("note to self");
      await compose.getByRole("button", { name: "Send" }).click();
      await compose.getByRole("alert").filter({ hasText: "to yourself" }).waitFor();
      expect((await call(gateway, "GET", "/messages?to=bob")).json.messages).toEqual([]);
    });

    it("gives a peer token its own inbox only, and the gateway refuses it another's", async () => {
      await send(gateway, { from_node: "carol", to_node: "alice", content: "for alice only" });
      await send(gateway, { from_node: "carol", to_node: "bob", content: "for bob" });
      await signIn(bobToken);
      const inbox = page.getByRole("region", { name: "Inbox" });
      await inbox.getByRole("heading", { name: "Inbox of bob" }).waitFor();
      await inbox.getByText("for bob").waitFor();
      expect(await page.getByText("for alice only").count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Issue token/ }).count()).toBe(0);
      const statuses = await page.evaluate(async (token) => {
        const headers = { authorization: `Bearer ${token}` };
        const read = await fetch("/messages?to=alice", { headers });
        const stream = await fetch("/messages/stream?to=alice", { headers });
        return [read.status, stream.status];
      }, bobToken);
      expect(statuses).toEqual([403, 403]);
    });

    it("lets the admin issue a token (shown once), revoke it, and disable a peer", async () => {
      await signIn(ADMIN_TOKEN);
      await page.getByRole("button", { name: "Issue token for carol" }).click();
      const issued = page.getByLabel(/^New token for carol/);
      await issued.waitFor();
      const token = await issued.inputValue();
      expect(token).toMatch(/^mesh_[A-Za-z0-9_-]{48}$/);
      const session = await call(gateway, "GET", "/ui/session", { token });
      expect(session.json).toEqual({ auth: "peer", peer: "carol" });
      await page.getByRole("button", { name: "Done" }).click();
      await page.getByLabel(/^New token for carol/).waitFor({ state: "detached" });

      await page.getByRole("button", { name: "Revoke tokens of carol" }).click();
      await page.getByRole("alert").filter({ hasText: "Revoked 1 token" }).waitFor();
      expect((await call(gateway, "GET", "/ui/session", { token })).status).toBe(401);

      await page.getByRole("button", { name: "Disable carol" }).click();
      await page.getByRole("button", { name: "Enable carol" }).waitFor();
      const peers = await call(gateway, "GET", "/peers");
      expect(peers.json.peers.find((p: { name: string }) => p.name === "carol").enabled).toBe(
        false,
      );
    });

    it("serves the page with a strict Content-Security-Policy and cacheable hashed assets", async () => {
      const response = await page.goto(`${gateway.url}/ui/`);
      const headers = response?.headers() ?? {};
      expect(headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(headers["content-security-policy"]).toContain("default-src 'none'");
      expect(headers["content-security-policy"]).toContain("script-src 'self'");
      expect(headers["cache-control"]).toBe("no-cache");
      const script = await page.locator("script[type=module]").getAttribute("src");
      const asset = await call(gateway, "GET", `/ui/${script?.replace("./", "")}`, { token: null });
      expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    });
  },
);

describe("dashboard switched off", () => {
  it("answers 404 at /ui/ and /ui/session with ui: false", async () => {
    const gateway = await startGateway({
      port: 0,
      database: ":memory:",
      adminToken: ADMIN_TOKEN,
      logger: false,
      ui: false,
    });
    try {
      expect((await call(gateway, "GET", "/ui/", { token: null })).status).toBe(404);
      expect((await call(gateway, "GET", "/ui/session")).status).toBe(404);
    } finally {
      await gateway.close();
    }
  });
});
