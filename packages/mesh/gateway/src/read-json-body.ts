import { isUtf8 } from "node:buffer";
import type { FastifyRequest } from "fastify";
import type { BodyBudget } from "./body-budget.js";
import { HttpError } from "./http-error.js";
import { isWellFormedText } from "./well-formed-text.js";

export interface ReadJsonBodyOptions {
  /** Largest body in bytes; more is 413 before or while reading. */
  maxBytes: number;
  /** The shared bound on bodies held in memory. */
  budget: BodyBudget;
  /** Whose share of the budget a request draws on (its token, else its address). */
  budgetKey: (request: FastifyRequest) => string;
  /** Parses JSON text the way Fastify does (prototype-poisoning checks included). */
  parse: (text: string) => unknown;
}

type Done = (error: Error | null, body?: unknown) => void;

/** Seconds a refused caller should wait before sending a body again. */
const OVERLOADED_RETRY_S = 1;

/** `application/json`, with parameters (`; charset=utf-8`) or none, in any case. */
const JSON_MEDIA_TYPE = /^application\/json\s*(?:;|$)/i;

/**
 * Why a request's body may not be read at all: a `content-type` other than JSON (a web page on
 * another origin can send `text/plain` or a form without asking first) or a `content-encoding`
 * the gateway does not decode; 415 `unsupported_media_type`. An empty body is never refused.
 */
function refusedMedia(request: FastifyRequest): HttpError | undefined {
  const { headers } = request;
  if (headers["content-length"] === "0" && headers["transfer-encoding"] === undefined) return;
  const encoding = headers["content-encoding"];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== "identity") {
    return new HttpError({
      code: "unsupported_media_type",
      message: "request bodies are not decoded: send them without Content-Encoding",
    });
  }
  const type = headers["content-type"];
  if (type === undefined || !JSON_MEDIA_TYPE.test(type)) {
    return new HttpError({
      code: "unsupported_media_type",
      message: "request bodies must be JSON: send Content-Type: application/json",
    });
  }
  return undefined;
}

/**
 * A Fastify content-type parser for every content type, so that each gets the same answer:
 * anything but JSON is 415 `unsupported_media_type`. Reads the body chunk by chunk, each chunk
 * reserved in the shared `BodyBudget` before it is kept, and refuses early (413 past
 * `maxBytes`, 503 `overloaded` past the budget) without reading further. An empty body parses
 * to `undefined`; bytes that are not UTF-8, or text with a lone surrogate, are 400 `invalid_text`.
 */
export function readJsonBody(options: ReadJsonBodyOptions) {
  const { maxBytes, budget } = options;
  const tooLarge = () =>
    new HttpError({
      code: "payload_too_large",
      message: `request body is larger than ${maxBytes} bytes`,
    });
  return (request: FastifyRequest, payload: NodeJS.ReadableStream, done: Done): void => {
    const declared = Number(request.headers["content-length"]);
    const refused = declared > maxBytes ? tooLarge() : refusedMedia(request);
    if (refused !== undefined) {
      done(refused);
      return;
    }
    const key = options.budgetKey(request);
    const chunks: Buffer[] = [];
    let held = 0;
    let settled = false;
    const release = () => {
      budget.release(key, held);
      held = 0;
    };
    const settle = (error: Error | null, body?: unknown) => {
      if (settled) return;
      settled = true;
      payload.removeListener("data", onData);
      payload.removeListener("end", onEnd);
      payload.removeListener("error", onError);
      payload.removeListener("close", onClose);
      chunks.length = 0;
      release();
      done(error, body);
    };
    const onData = (chunk: Buffer) => {
      if (held + chunk.length > maxBytes) {
        payload.pause();
        settle(tooLarge());
        return;
      }
      if (!budget.reserve(key, chunk.length)) {
        payload.pause();
        settle(
          new HttpError({
            code: "overloaded",
            message: "the gateway holds too many request bodies at once; retry shortly",
            retryAfterSeconds: OVERLOADED_RETRY_S,
          }),
        );
        return;
      }
      held += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => {
      const bytes = Buffer.concat(chunks, held);
      chunks.length = 0;
      release();
      // Decoding would silently turn such bytes into U+FFFD, which would then be stored.
      if (!isUtf8(bytes)) {
        settle(new HttpError({ code: "invalid_text", message: "request body is not valid UTF-8" }));
        return;
      }
      const text = bytes.toString("utf8");
      if (text.trim() === "") {
        settle(null, undefined);
        return;
      }
      let body: unknown;
      try {
        body = options.parse(text);
      } catch {
        settle(new HttpError({ code: "invalid_json", message: "request body is not valid JSON" }));
        return;
      }
      if (!isWellFormedText(text)) {
        settle(
          new HttpError({
            code: "invalid_text",
            message:
              "request body holds a lone UTF-16 surrogate (\\ud800-\\udfff without its pair), which is not Unicode text",
          }),
        );
        return;
      }
      settle(null, body);
    };
    const onError = (error: Error) => settle(error);
    // A client that goes away mid-body frees its share at once.
    const onClose = () =>
      settle(new HttpError({ code: "invalid_body", message: "request body was cut off" }));
    payload.on("data", onData);
    payload.on("end", onEnd);
    payload.on("error", onError);
    payload.on("close", onClose);
  };
}
