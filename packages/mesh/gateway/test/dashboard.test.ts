// The web dashboard in a real browser: playwright-core driving the machine's Chromium.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runningInCi } from "@mesh/cli-kit/testing";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningGateway, startGateway } from "../src/index.js";
import { ADMIN_TOKEN, call, register, send, tempDir } from "./helpers.js";

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

/** Nothing but the page under test: no GPU, no QUIC, no background traffic of the browser's own. */
const BROWSER_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Set to rewrite the screenshots under docs/ (each is looked at before it is committed). */
const SCREENSHOT = process.env["UPDATE_DASHBOARD_SCREENSHOT"] === "1";
const shotPath = (name: string) => fileURLToPath(new URL(`../docs/${name}.png`, import.meta.url));

/** Built at run time so that no credential-shaped literal sits in the repository. */
const FAKE_GITHUB_TOKEN = ["ghp", "_", "Zq8Lw3Nv5Tx7Rb2Kd4Hf6Jm9Pc1Sg0Ya3Ue5Wi"].join("");
const UTC_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/;

// A real browser on a shared machine: generous per-test time. The two timed waits are the
// issue's own promises (a live message within 1 s, the outage banner within 5 s).
(executablePath === undefined ? describe.skip : describe)(
  "dashboard at /ui/",
  { timeout: 60_000 },
  () => {
    let browser: Browser;
    let gateway: RunningGateway;
    let context: BrowserContext;
    let page: Page;
    let bobToken: string;
    let files: { dir: string; remove: () => void };

    beforeAll(async () => {
      browser = await chromium.launch({
        executablePath: executablePath as string,
        args: BROWSER_ARGS,
      });
    });
    afterAll(async () => {
      await browser?.close();
    });

    const start = (port = 0) =>
      startGateway({
        port,
        database: join(files.dir, "gateway.db"),
        adminToken: ADMIN_TOKEN,
        logger: false,
      });

    beforeEach(async () => {
      files = tempDir();
      gateway = await start();
      for (const name of ["alice", "bob", "carol"]) await register(gateway, name);
      bobToken = await gateway.issueToken("bob");
      context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      page = await context.newPage();
    });
    afterEach(async () => {
      await context.close();
      await gateway.close();
      files.remove();
    });

    const peersTable = () => page.getByRole("table", { name: "Peers" });
    const signIn = async (token: string) => {
      await page.goto(`${gateway.url}/ui/`);
      await page.getByLabel("Token").fill(token);
      await page.getByRole("button", { name: "Sign in" }).click();
      await peersTable().getByRole("rowheader").first().waitFor();
    };
    /** Chooses an inbox and waits until its live stream has answered (it is subscribed then). */
    const openInbox = async (peer: string) => {
      const streamed = page.waitForResponse((response) =>
        response.url().includes(`/messages/stream?to=${peer}`),
      );
      await page.getByRole("combobox", { name: "Inbox" }).selectOption(peer);
      await streamed;
    };
    /** A screenshot for docs/; an issued token is masked, a dialog is shot in its viewport. */
    const shoot = async (name: string, fullPage = true) => {
      if (!SCREENSHOT) return;
      const mask = [page.locator("#issued-token")];
      await page.screenshot({ path: shotPath(name), fullPage, mask, maskColor: "#9ca3af" });
    };

    it("signs in with a token kept in sessionStorage, never in the URL, and lists the peers", async () => {
      await signIn(ADMIN_TOKEN);
      for (const name of ["alice", "bob", "carol"]) {
        await peersTable().getByRole("rowheader", { name }).waitFor();
      }
      expect(page.url()).not.toContain(ADMIN_TOKEN);
      const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
      expect(stored).toContain(ADMIN_TOKEN);
      const local = await page.evaluate(() => JSON.stringify(localStorage));
      expect(local).not.toContain(ADMIN_TOKEN);
    });

    it("leads GET / to the dashboard", async () => {
      const root = await call(gateway, "GET", "/", { token: null });
      expect([root.status, root.headers.get("location")]).toEqual([302, "/ui/"]);
      await page.goto(`${gateway.url}/`);
      expect(new URL(page.url()).pathname).toBe("/ui/");
      await page.getByLabel("Token").waitFor();
      await shoot("sign-in");
    });

    it("refuses a wrong token with an alert", async () => {
      await page.goto(`${gateway.url}/ui/`);
      await page.getByLabel("Token").fill("not-the-token-0123456789");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("alert").filter({ hasText: "not accepted" }).waitFor();
    });

    it("shows a DM sent through the API without a reload, within a second, times in UTC", async () => {
      await signIn(ADMIN_TOKEN);
      await openInbox("bob");
      await send(gateway, { from_node: "alice", to_node: "bob", content: "live from the API" });
      const inbox = page.getByRole("region", { name: "Conversation", exact: true });
      await inbox.getByText("live from the API").waitFor({ timeout: 1000 });
      await inbox.getByRole("button", { name: /^Mark #\d+ read$/ }).click();
      const read = inbox.getByText(/^read /);
      await read.waitFor();
      expect((await read.textContent())?.replace(/^read /, "")).toMatch(UTC_TIME);
      const lastSeen = peersTable().getByRole("row").filter({ hasText: "bob" }).getByRole("cell");
      expect(await lastSeen.allTextContents()).toContainEqual(expect.stringMatching(UTC_TIME));
    });

    it("lets Compose's From follow the inbox chosen, and sends a DM from it", async () => {
      await signIn(ADMIN_TOKEN);
      const compose = page.getByRole("form", { name: "Compose" });
      await openInbox("bob");
      expect(await compose.getByLabel("From").inputValue()).toBe("bob");
      await openInbox("carol");
      expect(await compose.getByLabel("From").inputValue()).toBe("carol");
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

    it("fills thread, kind, sender and recipient on Reply, and the answer lands in the thread", async () => {
      await send(gateway, {
        from_node: "carol",
        to_node: "bob",
        kind: "question",
        content: "Can you review the deploy plan before 18:00?",
        thread_id: "deploy-42",
      });
      await signIn(ADMIN_TOKEN);
      await openInbox("carol");
      await openInbox("bob");
      await page
        .getByRole("navigation", { name: "Threads" })
        .getByRole("button", { name: /deploy-42/ })
        .click();
      const view = page.getByRole("region", { name: "Conversation", exact: true });
      await view.getByRole("heading", { name: "Thread deploy-42" }).waitFor();
      await view.getByRole("button", { name: /^Reply to #\d+$/ }).click();
      const compose = page.getByRole("form", { name: "Compose" });
      // The fields fill after the click's render; read them once they have.
      await page.waitForFunction(
        () => (document.getElementById("compose-thread") as HTMLInputElement).value !== "",
      );
      expect(await compose.getByLabel("From").inputValue()).toBe("bob");
      expect(await compose.getByLabel("To").inputValue()).toBe("carol");
      expect(await compose.getByLabel("Kind").inputValue()).toBe("answer");
      expect(await compose.getByLabel("Thread").inputValue()).toBe("deploy-42");
      await compose.getByLabel("Message").fill("Reviewed: go ahead.");
      await compose.getByRole("button", { name: "Send" }).click();
      await compose.getByRole("status").filter({ hasText: "Sent as #" }).waitFor();
      const carol = await call(gateway, "GET", "/messages?to=carol");
      expect(carol.json.messages).toMatchObject([
        {
          from_node: "bob",
          kind: "answer",
          thread_id: "deploy-42",
          content: "Reviewed: go ahead.",
        },
      ]);
      await view.getByRole("listitem").filter({ hasText: "Reviewed: go ahead." }).waitFor();
      await shoot("dashboard");
    });

    it("holds a conversation: threads from GET /threads, a thread in both directions, receipts on what was sent", async () => {
      await send(gateway, {
        from_node: "carol",
        to_node: "bob",
        kind: "question",
        content: "Can you review the deploy plan?",
        thread_id: "deploy-42",
      });
      await send(
        gateway,
        {
          from_node: "bob",
          to_node: "carol",
          kind: "answer",
          content: "On it.",
          thread_id: "deploy-42",
        },
        { token: bobToken },
      );
      await send(gateway, {
        from_node: "alice",
        to_node: "bob",
        content: "other",
        thread_id: "misc",
      });
      await signIn(bobToken);
      const threads = page.getByRole("navigation", { name: "Threads" });
      const entry = threads.getByRole("button", { name: /deploy-42/ });
      await entry.filter({ hasText: "1 unread" }).waitFor();
      await entry.filter({ hasText: "with carol" }).waitFor();
      await threads.getByRole("button", { name: /misc/ }).waitFor();
      await entry.click();
      const view = page.getByRole("region", { name: "Conversation", exact: true });
      await view.getByRole("heading", { name: "Thread deploy-42" }).waitFor();
      const items = view.getByRole("listitem");
      await items.filter({ hasText: "On it." }).waitFor();
      // The page renders the thread after its reading arrives: poll until it settles.
      await expect
        .poll(() => items.allTextContents(), { timeout: 10_000 })
        .toEqual([
          expect.stringContaining("Can you review the deploy plan?"),
          expect.stringContaining("On it."),
        ]);
      const receipt = items.filter({ hasText: "On it." }).locator(".receipt");
      await expect
        .poll(() => receipt.textContent(), { timeout: 10_000 })
        .toMatch(/^(sent|delivered) \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
      expect(page.url()).toContain("#peer=bob&thread=deploy-42");
      await shoot("conversation");

      await threads.getByRole("button", { name: "Sent", exact: true }).click();
      await view.getByRole("heading", { name: "Sent by bob" }).waitFor();
      await items.filter({ hasText: "On it." }).waitFor();
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(1);
    });

    it("shows each receipt state on what was sent: sent, delivered, read, answered (with the answer), expired", async () => {
      for (const name of ["dave", "erin"]) await register(gateway, name);
      const [daveToken, erinToken] = [
        await gateway.issueToken("dave"),
        await gateway.issueToken("erin"),
      ];
      const as = (token: string) => ({ token });
      await send(gateway, { from_node: "alice", to_node: "carol", content: "waiting for carol" });
      await send(gateway, { from_node: "alice", to_node: "bob", content: "picked up by bob" });
      await call(gateway, "GET", "/messages?to=bob", as(bobToken));
      const read = await send(gateway, {
        from_node: "alice",
        to_node: "dave",
        content: "read by dave",
      });
      await call(gateway, "POST", `/messages/${read.json.id}/read`, as(daveToken));
      await send(gateway, {
        from_node: "alice",
        to_node: "erin",
        kind: "question",
        content: "answered by erin?",
        thread_id: "q-answer",
      });
      const answer = await send(
        gateway,
        {
          from_node: "erin",
          to_node: "alice",
          kind: "answer",
          content: "yes",
          thread_id: "q-answer",
        },
        as(erinToken),
      );
      const soon = new Date(Date.now() + 1500).toISOString();
      const late = await send(gateway, {
        from_node: "alice",
        to_node: "carol",
        kind: "question",
        content: "left unanswered",
        thread_id: "q-late",
        reply_by: soon,
      });
      expect(late.status).toBe(201);

      await signIn(await gateway.issueToken("alice"));
      const threads = page.getByRole("navigation", { name: "Threads" });
      await threads.getByRole("button", { name: "Sent", exact: true }).click();
      const view = page.getByRole("region", { name: "Conversation", exact: true });
      await view.getByRole("heading", { name: "Sent by alice" }).waitFor();
      const pill = (content: string) =>
        view.getByRole("listitem").filter({ hasText: content }).locator(".receipt");
      const stamp = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC";
      for (const [content, state] of [
        ["waiting for carol", "sent"],
        ["picked up by bob", "delivered"],
        ["read by dave", "read"],
        ["answered by erin?", "answered"],
        ["left unanswered", "expired"],
      ] as const) {
        await pill(content)
          .filter({ hasText: new RegExp(`^${state} ${stamp}$`) })
          .waitFor();
      }
      await view
        .getByRole("listitem")
        .filter({ hasText: "left unanswered" })
        .getByText(/reply by /)
        .waitFor();
      await shoot("receipts");

      await threads.getByRole("button", { name: "Not picked up" }).click();
      await view.getByRole("heading", { name: "Sent by alice, not picked up yet" }).waitFor();
      await pill("waiting for carol").waitFor();
      await expect
        .poll(() => view.getByRole("listitem").allTextContents(), { timeout: 10_000 })
        .toEqual([expect.stringContaining("waiting for carol")]);
      // A receipt moves the state on screen: carol picks up what waited for her.
      await call(gateway, "GET", "/messages?to=carol", as(await gateway.issueToken("carol")));
      await pill("waiting for carol")
        .filter({ hasText: /^delivered / })
        .waitFor();

      await threads.getByRole("button", { name: "Sent", exact: true }).click();
      await view.getByRole("heading", { name: "Sent by alice" }).waitFor();
      await view.getByRole("button", { name: `See answer #${answer.json.id}` }).click();
      await view.getByRole("heading", { name: "Thread q-answer" }).waitFor();
      await view.getByRole("listitem").filter({ hasText: "yes" }).waitFor();
    });

    it("searches what the signed-in token may read, both directions", async () => {
      await send(gateway, {
        from_node: "carol",
        to_node: "bob",
        content: "the deploy plan is ready",
      });
      await send(
        gateway,
        { from_node: "bob", to_node: "alice", content: "deploy planned for friday" },
        { token: bobToken },
      );
      await send(gateway, { from_node: "carol", to_node: "bob", content: "lunch?" });
      await send(gateway, {
        from_node: "carol",
        to_node: "alice",
        content: "deploy plan for alice only",
      });
      await signIn(bobToken);
      const threads = page.getByRole("navigation", { name: "Threads" });
      await threads.getByRole("searchbox", { name: "Search" }).fill("deploy plan");
      await threads.getByRole("button", { name: "Search" }).click();
      const view = page.getByRole("region", { name: "Conversation", exact: true });
      await view.getByRole("heading", { name: "Search: deploy plan" }).waitFor();
      const items = view.getByRole("listitem");
      await items.first().waitFor();
      const found = await items.allTextContents();
      expect(found).toEqual([
        expect.stringContaining("the deploy plan is ready"),
        expect.stringContaining("deploy planned for friday"),
      ]);
    });

    it("lets the admin read any peer's conversations", async () => {
      await send(gateway, {
        from_node: "alice",
        to_node: "carol",
        content: "ping",
        thread_id: "t-1",
      });
      await send(gateway, {
        from_node: "carol",
        to_node: "alice",
        content: "pong",
        thread_id: "t-1",
      });
      await signIn(ADMIN_TOKEN);
      await openInbox("carol");
      const threads = page.getByRole("navigation", { name: "Threads" });
      await threads.getByRole("button", { name: /t-1/ }).click();
      const view = page.getByRole("region", { name: "Conversation", exact: true });
      await view.getByText("pong").waitFor();
      await view.getByText("ping").waitFor();
      await openInbox("bob");
      await view.getByRole("heading", { name: "Inbox of bob" }).waitFor();
      expect(await threads.getByRole("button", { name: /t-1/ }).count()).toBe(0);
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
      const inbox = page.getByRole("region", { name: "Conversation", exact: true });
      await inbox.getByRole("heading", { name: "Inbox of bob" }).waitFor();
      await inbox.getByText("for bob").waitFor();
      expect(await page.getByText("for alice only").count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Issue token/ }).count()).toBe(0);
      expect(await page.getByRole("form", { name: "Add peer" }).count()).toBe(0);
      expect(await page.getByRole("combobox", { name: "Inbox" }).count()).toBe(0);
      const statuses = await page.evaluate(async (token) => {
        const headers = { authorization: `Bearer ${token}` };
        const read = await fetch("/messages?to=alice", { headers });
        const stream = await fetch("/messages/stream?to=alice", { headers });
        return [read.status, stream.status];
      }, bobToken);
      expect(statuses).toEqual([403, 403]);
    });

    it("onboards a peer: registers it with its capabilities and shows its token once, with Copy", async () => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await signIn(ADMIN_TOKEN);
      const form = page.getByRole("form", { name: "Add peer" });
      await form.getByLabel("Name").fill("dave");
      await form.getByLabel("Capabilities").fill('{"runtime": "node", "can_claim_tasks": true}');
      await form.getByRole("button", { name: "Add peer" }).click();
      const issued = page.getByRole("status", { name: "New token for dave" });
      await issued.waitFor();
      await shoot("onboarding");
      const token = await issued.getByRole("textbox").inputValue();
      expect(token).toMatch(/^mesh_[A-Za-z0-9_-]{48}$/);
      await issued.getByRole("button", { name: "Copy" }).click();
      await issued.getByRole("button", { name: "Copied" }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      expect((await call(gateway, "GET", "/ui/session", { token })).json).toEqual({
        auth: "peer",
        peer: "dave",
      });
      const peers = await call(gateway, "GET", "/peers");
      expect(peers.json.peers.find((p: { name: string }) => p.name === "dave")).toMatchObject({
        capabilities: { runtime: "node", can_claim_tasks: true },
      });
      await peersTable().getByRole("rowheader", { name: "dave" }).waitFor();
      await issued.getByRole("button", { name: "Done" }).click();
      await issued.waitFor({ state: "detached" });
      expect(await page.content()).not.toContain(token);

      await form.getByLabel("Name").fill("dave");
      await form.getByRole("button", { name: "Add peer" }).click();
      await form.getByRole("alert").filter({ hasText: "registered already" }).waitFor();
      await form.getByLabel("Name").fill("erin");
      await form.getByLabel("Capabilities").fill("[1]");
      await form.getByRole("button", { name: "Add peer" }).click();
      await form.getByRole("alert").filter({ hasText: "JSON object" }).waitFor();
      expect((await call(gateway, "GET", "/peers")).json.peers).toHaveLength(4);
    });

    it("asks before revoking: Cancel keeps the token, Revoke ends it", async () => {
      const carolToken = await gateway.issueToken("carol");
      await signIn(ADMIN_TOKEN);
      const dialog = page.getByRole("alertdialog");
      await page.getByRole("button", { name: "Revoke tokens of carol" }).click();
      await dialog.filter({ hasText: "carol" }).filter({ hasText: "stops working" }).waitFor();
      await shoot("confirm-revoke", false);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      expect((await call(gateway, "GET", "/ui/session", { token: carolToken })).status).toBe(200);

      await page.getByRole("button", { name: "Revoke tokens of carol" }).click();
      await dialog.getByRole("button", { name: "Revoke" }).click();
      await page.getByRole("status").filter({ hasText: "Revoked 1 token(s) of carol" }).waitFor();
      expect((await call(gateway, "GET", "/ui/session", { token: carolToken })).status).toBe(401);
    });

    it("lists a peer holding a token but no registration, with Issue token and Revoke (Cancel keeps, Revoke ends)", async () => {
      await gateway.issueToken("erin");
      await signIn(ADMIN_TOKEN);
      const erin = peersTable().getByRole("row").filter({ hasText: "erin" });
      await erin.getByText("not registered").waitFor();
      await erin.getByText("1 token", { exact: true }).waitFor();
      await erin.getByText(/^last \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/).waitFor();
      expect(await erin.getByRole("button", { name: "Disable erin" }).count()).toBe(0);
      const bob = peersTable().getByRole("row").filter({ hasText: "bob" });
      await bob.getByText("1 token", { exact: true }).waitFor();
      expect(
        await peersTable().getByRole("row").filter({ hasText: "alice" }).textContent(),
      ).toContain("none");

      await erin.getByRole("button", { name: "Issue token for erin" }).click();
      const issued = page.getByRole("status", { name: "New token for erin" });
      const token = await issued.getByRole("textbox").inputValue();
      expect((await call(gateway, "GET", "/ui/session", { token })).json).toEqual({
        auth: "peer",
        peer: "erin",
      });
      await erin.getByText("2 tokens", { exact: true }).waitFor();
      await shoot("tokens");
      await issued.getByRole("button", { name: "Done" }).click();

      const dialog = page.getByRole("alertdialog");
      await erin.getByRole("button", { name: "Revoke tokens of erin" }).click();
      await dialog.filter({ hasText: "erin is not registered" }).waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      expect((await call(gateway, "GET", "/ui/session", { token })).status).toBe(200);
      await erin.getByRole("button", { name: "Revoke tokens of erin" }).click();
      await dialog.getByRole("button", { name: "Revoke" }).click();
      await page.getByRole("status").filter({ hasText: "Revoked 2 token(s) of erin" }).waitFor();
      await erin.waitFor({ state: "detached" });
      expect((await call(gateway, "GET", "/ui/session", { token })).status).toBe(401);
      expect((await call(gateway, "GET", "/admin/tokens")).json.holders).toEqual([
        expect.objectContaining({ peer: "bob" }),
      ]);
    });

    it("lists token holders past the first page of GET /admin/tokens", async () => {
      const names = Array.from({ length: 1001 }, (_, i) => `h${String(i).padStart(4, "0")}`);
      for (const name of names) await gateway.issueToken(name);
      await signIn(ADMIN_TOKEN);
      await peersTable().getByRole("rowheader", { name: "h1000", exact: true }).waitFor();
      expect(await peersTable().getByText("not registered").count()).toBe(1001);
    });

    it("asks before disabling: Cancel keeps the peer enabled, Disable disables it", async () => {
      await signIn(ADMIN_TOKEN);
      const dialog = page.getByRole("alertdialog");
      const enabled = async () =>
        (await call(gateway, "GET", "/peers")).json.peers.find(
          (p: { name: string }) => p.name === "carol",
        ).enabled;
      await page.getByRole("button", { name: "Disable carol" }).click();
      await dialog.filter({ hasText: "Disable carol?" }).waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await enabled()).toBe(true);
      await page.getByRole("button", { name: "Disable carol" }).click();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      expect(await enabled()).toBe(true);
      await page.getByRole("button", { name: "Disable carol" }).click();
      await dialog.getByRole("button", { name: "Disable" }).click();
      await page.getByRole("button", { name: "Enable carol" }).waitFor();
      expect(await enabled()).toBe(false);
    });

    it("shows health from /health and /metrics, and links the OpenAPI document", async () => {
      await signIn(ADMIN_TOKEN);
      const health = page.getByRole("region", { name: "Health" });
      await health.getByText("Database ok").waitFor();
      await health.getByText(/^Open streams \d+$/).waitFor();
      await health.getByText(/^Rate-limit refusals \d+$/).waitFor();
      const link = health.getByRole("link", { name: "API document (OpenAPI)" });
      const href = (await link.getAttribute("href")) ?? "";
      const document = await call(gateway, "GET", href, { token: null });
      expect([document.status, document.json.openapi]).toEqual([
        200,
        expect.stringMatching(/^3\.1/),
      ]);
    });

    it("shows an outage banner within 5 s of the gateway going away, and clears it when it is back", async () => {
      await signIn(ADMIN_TOKEN);
      const port = Number(new URL(gateway.url).port);
      await gateway.close();
      const banner = page.getByRole("alert").filter({ hasText: "not answering" });
      await banner.waitFor({ timeout: 5000 });
      gateway = await start(port);
      await banner.waitFor({ state: "detached" });
      expect(await page.getByRole("alert").count()).toBe(0);
    });

    it("renders names, capabilities and content as text, never as HTML", async () => {
      const html = '<img src=x onerror="document.title=1"><b>bold</b>';
      await call(gateway, "POST", "/peers/register", {
        body: { name: "carol", capabilities: { note: html } },
      });
      await send(gateway, { from_node: "carol", to_node: "bob", content: html, thread_id: html });
      await signIn(ADMIN_TOKEN);
      await openInbox("bob");
      const inbox = page.getByRole("region", { name: "Conversation", exact: true });
      await inbox.getByText(html).first().waitFor();
      await peersTable()
        .getByText(`note: ${JSON.stringify(html)}`)
        .waitFor();
      expect(await page.locator("main img, main b").count()).toBe(0);
      expect(await page.title()).toBe("Mesh gateway");
    });

    it("fits a 390 px wide screen: no sideways scrolling, capabilities unbroken", async () => {
      await call(gateway, "POST", "/peers/register", {
        body: {
          name: "carol",
          capabilities: {
            can_claim_tasks: true,
            runtime: "node",
            models: ["a-model-with-a-long-name"],
          },
        },
      });
      await send(gateway, {
        from_node: "carol",
        to_node: "alice",
        kind: "question",
        content: "Could you take the release-notes task? The draft is in the usual place.",
        thread_id: "release-notes",
      });
      await gateway.issueToken("erin");
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(ADMIN_TOKEN);
      await peersTable().getByText("runtime").waitFor();
      await peersTable().getByText("not registered").waitFor();
      await page
        .getByRole("navigation", { name: "Threads" })
        .getByRole("button", { name: /release-notes/ })
        .click();
      await page.getByText("Could you take the release-notes task?").waitFor();
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        table: document.querySelector("table")?.getBoundingClientRect().right ?? 0,
      }));
      expect(widths.page).toBeLessThanOrEqual(390);
      expect(widths.table).toBeLessThanOrEqual(390);
      const lines = await page.$$eval(".caps li", (items) =>
        items.map((item) => item.getClientRects().length === 1 && item.clientHeight < 30),
      );
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every(Boolean)).toBe(true);
      await shoot("narrow");
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
      // Unknown paths authenticate first: 401 without a token, 404 with one.
      expect((await call(gateway, "GET", "/ui/", { token: null })).status).toBe(401);
      expect((await call(gateway, "GET", "/ui/")).status).toBe(404);
      expect((await call(gateway, "GET", "/ui/session")).status).toBe(404);
    } finally {
      await gateway.close();
    }
  });
});
