import type { CliIo } from "./cli-io.js";

const DELAY_MS = 500;
const FRAME_MS = 80;
const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/**
 * Runs `work`; when stderr is a terminal and the work takes over half a second, shows a spinner
 * with `label` on stderr until it settles. Never writes anything when stderr is not a terminal.
 */
export async function withProgress<T>(
  io: CliIo,
  label: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!io.isTTY.stderr) return work();
  let frame = 0;
  let spinner: ReturnType<typeof setInterval> | undefined;
  const delay = setTimeout(() => {
    spinner = setInterval(() => {
      io.stderr.write(`\r${FRAMES[frame++ % FRAMES.length]} ${label}`);
    }, FRAME_MS);
  }, DELAY_MS);
  try {
    return await work();
  } finally {
    clearTimeout(delay);
    if (spinner !== undefined) {
      clearInterval(spinner);
      io.stderr.write("\r\x1b[K");
    }
  }
}
