import type { GatewayLimits } from "./build-app.js";
import type { ContentGuardMode } from "./content-guard.js";

/**
 * The defaults of the request limits and the content guard. A module of its own, importing
 * nothing at run time, so that `mesh-gateway --help` shows them without loading the server.
 */
export const LIMIT_DEFAULTS: Readonly<GatewayLimits> = {
  rateLimitPerMinute: 1200,
  authFailuresPerMinute: 30,
  requestBodyTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5000,
  maxBufferedBodyBytes: 64 * 1024 * 1024,
  maxQueuedReplyBytes: 8 * 1024 * 1024,
  maxQueuedReplyBytesTotal: 256 * 1024 * 1024,
  replyStallTimeoutMs: 10_000,
  maxPipelinedRequests: 1024,
  maxPipelinedRequestsTotal: 8192,
  contentGuard: "tokens",
};

/** Every `contentGuard` mode, the default first. */
export const CONTENT_GUARD_MODES: readonly ContentGuardMode[] = ["tokens", "refuse", "off"];
