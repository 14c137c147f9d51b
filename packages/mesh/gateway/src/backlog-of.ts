import type { GatewayStorage } from "./gateway-storage.js";
import type { MessageBacklog } from "./operations-metrics.js";

/** The backlogs `/metrics` reports, read from the storage (bounded queries). */
export async function backlogOf(storage: GatewayStorage): Promise<MessageBacklog> {
  const [unread, receipts] = await Promise.all([storage.unreadBacklog(), storage.receiptBacklog()]);
  return {
    unread: unread.count,
    undelivered: receipts.undelivered,
    oldestUnread: receipts.oldestUnread,
  };
}
