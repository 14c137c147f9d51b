// Peers and sends straight through the storage, for the benches that compare a send's storage
// work with and without a part of the schema.
import { type NewMessage, openStorage } from "../dist/index.js";

/** Registers `peer-0` … `peer-{count - 1}` on `database`. */
export async function registerPeers(database: string, count: number): Promise<void> {
  const storage = await openStorage(database);
  try {
    const at = new Date().toISOString();
    for (let index = 0; index < count; index++) {
      await storage.registerPeer({
        name: `peer-${index}`,
        url: null,
        capabilities: {},
        extra: {},
        at,
      });
    }
  } finally {
    await storage.close();
  }
}

/**
 * Sends/s of `sends` stored sends, `concurrency` at a time (so the storage batches them as it
 * batches a gateway's), send `i` being `sendOf(i)`; throws on a refused send.
 */
export async function storageSendRate(
  database: string,
  sendOf: (index: number) => NewMessage,
  { sends, concurrency }: { sends: number; concurrency: number },
): Promise<number> {
  const storage = await openStorage(database);
  try {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < sends) {
          const result = await storage.insertMessage(sendOf(next++));
          if (result.refused !== undefined) throw new Error(result.refused);
        }
      }),
    );
    return sends / ((performance.now() - started) / 1000);
  } finally {
    await storage.close();
  }
}
