import net from "node:net";

/** What came back on a raw connection: the bytes read and whether the server closed it. */
export interface RawExchange {
  status: number;
  text: string;
  body: unknown;
  closed: boolean;
}

/**
 * Opens a TCP connection to `url`, writes `request` as is, and resolves with the first response
 * once the server closed the connection, or after `settleMs` of silence otherwise.
 */
export function rawRequest(
  url: string,
  request: string | Buffer,
  settleMs = 1500,
): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let data = "";
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      const text = data.slice(data.indexOf("\r\n\r\n") + 4);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      resolve({ status, text, body, closed });
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(false), settleMs);
    };
    socket.on("connect", () => {
      socket.write(request);
      arm();
    });
    socket.on("data", (chunk) => {
      data += chunk.toString("latin1");
      arm();
    });
    socket.on("close", () => finish(true));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE") finish(true);
      else reject(error);
    });
  });
}

/** A connection that sends `head` and then nothing; resolves when the server closes it. */
export function stalledConnection(url: string, head: string): Promise<RawExchange> {
  return rawRequest(url, head, 60_000);
}
