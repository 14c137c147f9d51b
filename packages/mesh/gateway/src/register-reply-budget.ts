import type { FastifyInstance } from "fastify";
import type { ReplyBudget } from "./reply-budget.js";

/** How often queued reply bytes are recounted and stalled readers looked for, in ms. */
const SWEEP_MS = 1000;

/**
 * Charges every reply to the `ReplyBudget` of its connection before it is written (an `onSend`
 * hook, so every route, error and not-found reply counts) and sweeps the budget every second.
 * A reply past a bound is not sent: its connection is already closed.
 */
export function registerReplyBudget(app: FastifyInstance, budget: ReplyBudget): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    budget.charge(request.raw.socket, reply.raw, payloadBytes(payload));
    done();
  });
  const sweep = setInterval(() => budget.sweep(), Math.min(SWEEP_MS, budget.options.stallMs));
  sweep.unref();
  app.addHook("onClose", (_instance, done) => {
    clearInterval(sweep);
    done();
  });
}

/** The byte length of a payload as `onSend` sees it; a stream counts 0 (it has backpressure). */
function payloadBytes(payload: unknown): number {
  if (typeof payload === "string") return Buffer.byteLength(payload);
  if (payload instanceof Uint8Array) return payload.byteLength;
  return 0;
}
