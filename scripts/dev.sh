#!/usr/bin/env bash
# The README's commands, and what CI runs (.ci/run calls `scripts/dev.sh test`):
#
#   scripts/dev.sh start [serve options]   install everything, build, write the command shims
#                                          (below), run the gateway on its embedded SQLite
#                                          database until Ctrl-C
#   scripts/dev.sh shell [shell args]      install everything, build, write the shims, then run
#                                          $SHELL (with the args, e.g. -c 'mesh -V') with them on PATH
#   scripts/dev.sh test                    install everything, then every check (`pnpm test`)
#   scripts/dev.sh bin                     write the shims only, for what is built already
#
# The shims: one small script per command of the packages (mesh, mesh-gateway, mesh-mcp,
# discovery, discovery-fakes) in .mesh/bin (MESH_BIN_DIR to change it), each running the clone's
# bin with the absolute path of the Node this script uses, whatever `node` is on PATH later.
#
# Works from a fresh clone on a machine with only an older Node and npm: when the Node on PATH
# cannot run the repository's tools, the Node pinned in .node-version is fetched from the npm
# registry (package node-<os>-<arch>), and so is the pnpm named in package.json `packageManager`,
# both into MESH_TOOLS_DIR (default ~/.cache/mesh-ci-tools). A machine that has them downloads nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

TOOLS="${MESH_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/mesh-ci-tools}"
say() { printf 'dev: %s\n' "$*" >&2; }
die() {
  say "$*"
  exit 1
}

command -v node >/dev/null && command -v npm >/dev/null ||
  die "needs Node.js and npm on PATH to start with (an older release will do: the pinned one is fetched): https://nodejs.org/"

# The repository's tools run TypeScript files directly (benchmarks, configs), which Node does
# without a flag from 22.18 on; `process.features.typescript` says so without a version table.
node_fits() {
  "$1" -e 'process.exit(process.features.typescript ? 0 : 1)' 2>/dev/null
}

ensure_node() {
  if node_fits node; then return; fi
  local os arch pkg
  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) die "no pinned Node for $(uname -s); install Node.js $(cat .node-version) yourself" ;; esac
  case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) die "no pinned Node for $(uname -m); install Node.js $(cat .node-version) yourself" ;; esac
  pkg="node-$os-$arch"
  if ! node_fits "$TOOLS/node_modules/$pkg/bin/node"; then
    say "node $(node --version) cannot run this repository's tools; fetching Node $(cat .node-version) ($pkg) from the npm registry into $TOOLS"
    npm install --prefix "$TOOLS" --no-audit --no-fund --loglevel=error "$pkg@$(cat .node-version)"
  fi
  export PATH="$TOOLS/node_modules/$pkg/bin:$PATH"
}

ensure_pnpm() {
  local want
  want=$(node -p 'require("./package.json").packageManager.split("@")[1]')
  if [ "$(pnpm --version 2>/dev/null)" = "$want" ]; then return; fi
  if [ "$("$TOOLS/node_modules/.bin/pnpm" --version 2>/dev/null)" != "$want" ]; then
    say "fetching pnpm $want from the npm registry into $TOOLS"
    npm install --prefix "$TOOLS" --no-audit --no-fund --loglevel=error "pnpm@$want"
  fi
  export PATH="$TOOLS/node_modules/.bin:$PATH"
}

BIN_DIR="${MESH_BIN_DIR:-$PWD/.mesh/bin}"
case "$BIN_DIR" in /*) ;; *) die "MESH_BIN_DIR must be an absolute path (it goes on PATH): $BIN_DIR" ;; esac
write_shims() { node scripts/write-shims.mjs "$BIN_DIR" "$(command -v node)"; }

command="${1:-}"
case "$command" in
start | test | shell | bin) shift ;;
*) die "usage: scripts/dev.sh start [mesh-gateway serve options] | shell [shell arguments] | test | bin" ;;
esac

ensure_node
if [ "$command" = bin ]; then
  say "$(write_shims) in $BIN_DIR (Node $(node --version)); put them on PATH: export PATH=\"$BIN_DIR:\$PATH\""
  exit 0
fi
ensure_pnpm
say "node $(node --version) ($(command -v node)), pnpm $(pnpm --version)"
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
# In CI the lockfile must already match package.json (pnpm makes --frozen-lockfile the default there).
pnpm install

if [ "$command" = test ]; then
  exec pnpm test
fi
if [ "$command" = shell ]; then
  pnpm exec turbo run build --output-logs=errors-only
  say "$(write_shims) on PATH from $BIN_DIR (Node $(node --version)); exit leaves this shell"
  PATH="$BIN_DIR:$PATH" exec "${SHELL:-/bin/sh}" "$@"
fi
# The gateway, and the `mesh` command the README walk-through uses next to it.
pnpm exec turbo run build --output-logs=errors-only
say "$(write_shims) in $BIN_DIR (Node $(node --version)); put them on PATH: export PATH=\"$BIN_DIR:\$PATH\", or run scripts/dev.sh shell"
# exec, not `pnpm start`: Ctrl-C then reaches the gateway alone, which stops cleanly and exits 0,
# with no package manager in between to report the signal as a failure.
exec node packages/mesh/gateway/bin/mesh-gateway.js serve "$@"
