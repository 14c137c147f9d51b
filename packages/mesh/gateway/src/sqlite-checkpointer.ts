import { once } from "node:events";
import { Worker } from "node:worker_threads";

/** How often the checkpointer copies committed WAL pages into the database file, in ms. */
export const CHECKPOINT_INTERVAL_MS = 100;

/**
 * WAL pages (4 KiB each) past which the writing connection checkpoints by itself after a
 * commit, should the checkpointer fall behind or be gone: a bound on the WAL, not the usual path.
 */
export const WAL_SAFETY_NET_PAGES = 10_000;

// A CommonJS worker from source: nothing to resolve next to the bundle. A PASSIVE checkpoint
// never waits for the writer and never blocks it; one that finds the WAL busy copies what it can
// and the next one goes on.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { DatabaseSync } = require("node:sqlite");
const db = new DatabaseSync(workerData.path);
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
const timer = setInterval(() => {
  try { checkpoint.get(); } catch {}
}, workerData.intervalMs);
parentPort.once("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints a SQLite database in WAL mode from a worker thread, so the copy of the WAL into
 * the database file and its fsync happen beside the gateway's event loop instead of inside a
 * send's commit (SQLite's automatic checkpoint runs in the committing call). The writing
 * connection keeps an automatic checkpoint at `WAL_SAFETY_NET_PAGES` as a bound.
 */
export class SqliteCheckpointer {
  readonly #worker: Worker;
  #stopped: Promise<void> | undefined;

  constructor(path: string, intervalMs = CHECKPOINT_INTERVAL_MS) {
    this.#worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, intervalMs } });
    // The thread never keeps the process alive, and a failure of it only leaves the safety net.
    this.#worker.unref();
    this.#worker.on("error", () => {});
  }

  /** Stops the thread after its current checkpoint and closes its connection. */
  stop(): Promise<void> {
    this.#stopped ??= (async () => {
      const exited = once(this.#worker, "exit");
      // Held while stopping: a caller awaiting this may have nothing else keeping Node running.
      this.#worker.ref();
      this.#worker.postMessage("stop");
      await exited;
    })();
    return this.#stopped;
  }
}
