/** Resolves with the accumulated text of `stream` once it matches `pattern`; rejects at its end. */
export function waitFor(stream: NodeJS.ReadableStream | null, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!stream) {
      reject(new Error("no stream"));
      return;
    }
    let text = "";
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      if (pattern.test(text)) {
        stream.off("data", onData);
        resolve(text);
      }
    };
    stream.on("data", onData);
    stream.once("end", () => reject(new Error(`stream ended before ${pattern}: ${text}`)));
  });
}
