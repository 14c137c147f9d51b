export {
  type GatewayRequest,
  type GatewayResponse,
  type GatewayStreamRequest,
  type GatewayStreamResponse,
  GatewayTransport,
  type GatewayTransportOptions,
} from "./gateway-transport.js";
export { nextPageQuery } from "./next-page-query.js";
export { nodeHttpFetch } from "./node-http-fetch.js";
export { type ReadEventStreamOptions, readEventStream } from "./read-event-stream.js";
export { redactToken } from "./redact-token.js";
export { requestPages } from "./request-pages.js";
export { type GatewaySettings, resolveGateway } from "./resolve-gateway.js";
export { sleep } from "./sleep.js";
export { type SseBlock, SseParser } from "./sse-parser.js";
