// The dashboard's weight and speed: its JavaScript + CSS gzip-compressed, and how long a
// 1,000-message thread takes to be on screen in Chromium, from navigation to the frame after
// the last message is in the page. Run: pnpm --filter @mesh/gateway bench (after building);
// needs the Debian `chromium` (or CHROMIUM_PATH). Bounded: five page loads, about 20 s.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { reportBench } from "@repo/bench";
import { chromium } from "playwright-core";
import { startGateway } from "../dist/index.js";

const TOKEN = "bench-admin-token-0123456789";
const MESSAGES = 1000;
/** The newest messages the page shows first (FIRST_SHOWN in the page's conversation view). */
const FIRST_SHOWN = 200;
const ROUNDS = 5;
const SEND_CONCURRENCY = 20;
const UI_DIR = fileURLToPath(new URL("../dist/ui/", import.meta.url));
const BROWSER_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function chromiumPath(): string {
  const fromEnv = process.env["CHROMIUM_PATH"];
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  try {
    return execFileSync("which", ["chromium"], { encoding: "utf8" }).trim();
  } catch {
    throw new Error(
      "dashboard bench: no `chromium` on PATH; install the Debian package chromium or set CHROMIUM_PATH",
    );
  }
}

/**
 * Gzip bytes of the page's script, the chunks it loads and its stylesheet, as the page names
 * them (dist/ui may also hold files of an older build, which nothing loads).
 */
function assetBytes(): number {
  const read = (name: string) => readFileSync(join(UI_DIR, name));
  const page = read("index.html").toString();
  const entries = [...page.matchAll(/(app|style)-[A-Z0-9]+\.(js|css)/g)].map((match) => match[0]);
  const script = entries.find((name) => name.endsWith(".js")) ?? "";
  const chunks = new Set(
    read(script)
      .toString()
      .match(/chunk-[A-Z0-9]+\.js/g) ?? [],
  );
  return [...entries, ...chunks].reduce((sum, name) => sum + gzipSync(read(name)).length, 0);
}

async function fillThread(url: string): Promise<void> {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((response) => {
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    });
  for (const name of ["alice", "bob"]) await post("/peers/register", { name });
  for (let start = 0; start < MESSAGES; start += SEND_CONCURRENCY) {
    const batch: Promise<void>[] = [];
    for (let i = start; i < Math.min(start + SEND_CONCURRENCY, MESSAGES); i++) {
      const [from, to] = i % 2 === 0 ? ["alice", "bob"] : ["bob", "alice"];
      const content = `message ${i}: ${"a few words of a plausible length for an agent's note ".repeat(2)}`;
      batch.push(
        post("/messages", {
          from_node: from,
          to_node: to,
          kind: "fyi",
          content,
          thread_id: "long",
        }),
      );
    }
    await Promise.all(batch);
  }
}

/**
 * Records, in the page, when the thread is first painted (ms since navigation): its newest 200
 * messages and the button for the earlier ones, which is what the page shows first.
 */
const WATCH_PAINT = `
new MutationObserver((_, observer) => {
  if (document.querySelectorAll(".messages > li.msg").length < ${FIRST_SHOWN}) return;
  if (document.querySelector(".messages > li.earlier") === null) return;
  observer.disconnect();
  requestAnimationFrame(() => requestAnimationFrame(() => { window.__threadPainted = performance.now(); }));
}).observe(document, { childList: true, subtree: true });
`;

/** In the page: clicks "Show … earlier messages" and resolves the ms until all are painted. */
const SHOW_ALL = (count: number) =>
  new Promise<number>((resolve) => {
    const start = performance.now();
    new MutationObserver((_, observer) => {
      if (document.querySelectorAll(".messages > li.msg").length < count) return;
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
    }).observe(document, { childList: true, subtree: true });
    document.querySelector<HTMLButtonElement>(".messages > li.earlier button")?.click();
  });

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const dir = mkdtempSync(join(tmpdir(), "mesh-dashboard-bench-"));
const gateway = await startGateway({
  port: 0,
  database: join(dir, "gateway.db"),
  adminToken: TOKEN,
  logger: false,
  rateLimitPerMinute: 0,
});
const browser = await chromium.launch({ executablePath: chromiumPath(), args: BROWSER_ARGS });
try {
  await fillThread(gateway.url);
  const session = JSON.stringify({ token: TOKEN, auth: "admin", peer: null });
  const painted: number[] = [];
  const expanded: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(
      `sessionStorage.setItem("mesh.dashboard.session", ${JSON.stringify(session)});`,
    );
    await context.addInitScript(WATCH_PAINT);
    const page = await context.newPage();
    await page.goto(`${gateway.url}/ui/#peer=bob&thread=long`);
    await page.waitForFunction(() => "__threadPainted" in window, null, { timeout: 30_000 });
    painted.push(
      await page.evaluate(() => (window as unknown as { __threadPainted: number }).__threadPainted),
    );
    expanded.push(await page.evaluate(SHOW_ALL, MESSAGES));
    await context.close();
  }
  const bytes = assetBytes();
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(
        " ",
      )}; first paint ${painted.map((n) => n.toFixed(0)).join(", ")} ms; all ${expanded.map((n) => n.toFixed(0)).join(", ")} ms`,
  );
  reportBench({
    figure: "dashboard JavaScript + CSS, gzip",
    value: `${(bytes / 1024).toFixed(1)} KB`,
    target: "< 60 KB",
    met: bytes < 60 * 1024,
  });
  reportBench({
    figure: `dashboard: a ${MESSAGES.toLocaleString("en")}-message thread's first screen (newest ${FIRST_SHOWN}) painted after navigation, median of ${ROUNDS}`,
    value: `${median(painted).toFixed(0)} ms`,
    target: "< 1000 ms",
    met: median(painted) < 1000,
  });
  reportBench({
    figure: `dashboard: the other ${MESSAGES - FIRST_SHOWN} messages of that thread painted after "Show earlier", median`,
    value: `${median(expanded).toFixed(0)} ms`,
  });
} finally {
  await browser.close();
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
}
