#!/usr/bin/env bash
# The README's two commands, and what CI runs (.ci/run calls `scripts/dev.sh test`):
#
#   scripts/dev.sh start [serve options]   install everything, build the gateway, run it on its
#                                          embedded SQLite database until Ctrl-C
#   scripts/dev.sh test                    install everything, then every check (`pnpm test`)
#
# Works from a fresh clone on a machine with only an older Node (>= 18) and npm: when the Node
# on PATH cannot run the repository's tools, the Node pinned in .node-version is fetched from the
# npm registry (package node-<os>-<arch>), and so is the pnpm named in package.json
# `packageManager`, both into MESH_TOOLS_DIR (default ~/.cache/mesh-ci-tools). A machine that
# has them downloads nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

TOOLS="${MESH_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/mesh-ci-tools}"
say() { printf 'dev: %s\n' "$*" >&2; }
die() {
  say "$*"
  exit 1
}

command -v node >/dev/null && command -v npm >/dev/null ||
  die "needs Node.js and npm on PATH to start with (any release since 18): https://nodejs.org/"

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

command="${1:-}"
case "$command" in
start | test) shift ;;
*) die "usage: scripts/dev.sh start [mesh-gateway serve options] | scripts/dev.sh test" ;;
esac

ensure_node
ensure_pnpm
say "node $(node --version) ($(command -v node)), pnpm $(pnpm --version)"
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
# In CI the lockfile must already match package.json (pnpm makes --frozen-lockfile the default there).
pnpm install

if [ "$command" = test ]; then
  exec pnpm test
fi
# The gateway, and the `mesh` command the README walk-through uses next to it.
pnpm exec turbo run build --output-logs=errors-only
# exec, not `pnpm start`: Ctrl-C then reaches the gateway alone, which stops cleanly and exits 0,
# with no package manager in between to report the signal as a failure.
exec node packages/mesh/gateway/bin/mesh-gateway.js serve "$@"
