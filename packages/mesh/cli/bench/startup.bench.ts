// Startup time of `mesh --help` (the built binary) next to a bare `node -e ""`, spawned one after
// the other. Target: mean under 200 ms. Run: pnpm --filter @mesh/cli bench (after building).
import { fileURLToPath } from "node:url";
import { benchStartup } from "@mesh/cli-kit/testing";

benchStartup({
  label: "mesh --help",
  bin: fileURLToPath(new URL("../dist/cli.js", import.meta.url)),
  targetMs: 200,
});
