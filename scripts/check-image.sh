#!/usr/bin/env bash
# Runs the Dockerfile's steps without a container engine, in a clean temporary folder, and starts
# the result as the image would (docs/deploy.md, "Checking the image without an engine"):
#   1. deps:    package.json + package-lock.json only; npm ci --ignore-scripts; rebuild better-sqlite3, esbuild
#   2. prisma:  prisma/, prisma.config.ts, lib/database-url.ts; generate both clients
#   3. sources: the checkout minus .dockerignore (what `COPY . .` sends); npm run build; the CLI; prune; drop .next/cache
#   4. runtime: a second clean folder with exactly the runtime stage's COPY list, started with
#               NODE_ENV=production as the image's CMD does; waits for /api/health = 200; checks `gavel --version`.
# Prints each step's time. Usage: scripts/check-image.sh [port] (default 3399). DATABASE_URL, when set,
# is used (PostgreSQL); unset, an SQLite file in the runtime's data folder. KEEP=1 keeps the folders.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PORT="${1:-3399}"
WORK="$(mktemp -d /tmp/gavel-image-check.XXXXXX)"
BUILD="$WORK/build"
RUNTIME="$WORK/runtime"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill -TERM "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  if [ "${KEEP:-0}" != 1 ]; then rm -rf "$WORK"; else echo "kept $WORK"; fi
}
trap cleanup EXIT
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 NPM_CONFIG_UPDATE_NOTIFIER=false PRISMA_SKIP_POSTINSTALL_GENERATE=1
T0=$(date +%s)
step() { echo "[check-image] $(($(date +%s) - T0)) s: $*"; }
mkdir -p "$BUILD" "$RUNTIME"

step "1/4 deps: npm ci from the manifests alone"
cp "$ROOT/package.json" "$ROOT/package-lock.json" "$BUILD/"
(cd "$BUILD" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error && npm rebuild better-sqlite3 esbuild --loglevel=error)

step "2/4 prisma: generate both clients from the Prisma inputs"
mkdir -p "$BUILD/lib"
cp -r "$ROOT/prisma" "$BUILD/prisma"
cp "$ROOT/prisma.config.ts" "$BUILD/"
cp "$ROOT/lib/database-url.ts" "$BUILD/lib/"
(cd "$BUILD" \
  && DATABASE_URL=file:/tmp/prisma-offline.db node node_modules/prisma/build/index.js generate --config prisma.config.ts >/dev/null \
  && DATABASE_URL=postgresql://build@127.0.0.1:5432/none node node_modules/prisma/build/index.js generate --config prisma/postgres/prisma.config.ts >/dev/null)

step "3/4 sources (minus .dockerignore), npm run build, the CLI, npm prune --omit=dev"
# .dockerignore's patterns as tar excludes ("**/x" matches x at any depth, as tar's unanchored patterns do).
EXCLUDES="$WORK/excludes"
grep -v '^\s*#' "$ROOT/.dockerignore" | grep -v '^\s*$' | sed 's#^\*\*/##' > "$EXCLUDES"
tar -C "$ROOT" --exclude-from="$EXCLUDES" -cf - . | tar -C "$BUILD" -xf -
(cd "$BUILD" && DATABASE_URL= npm run build --silent >"$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log"; exit 1; })
(cd "$BUILD" && node scripts/build-cli.mjs && npm prune --omit=dev --no-audit --no-fund --loglevel=error && rm -rf .next/cache)

step "4/4 runtime: the runtime stage's COPY list, started as the image's CMD"
for entry in package.json tsconfig.json next.config.mjs prisma.config.ts node_modules .next lib prisma datasets graders bin dist; do
  cp -a "$BUILD/$entry" "$RUNTIME/$entry"
done
mkdir -p "$RUNTIME/scripts" "$RUNTIME/data"
cp "$BUILD/scripts/start.ts" "$BUILD/scripts/serve.ts" "$RUNTIME/scripts/"
echo "[check-image] runtime: $(du -sh "$RUNTIME" | cut -f1) ($(du -sh "$RUNTIME/node_modules" | cut -f1) node_modules); build folder $(du -sh "$BUILD" | cut -f1)"
VERSION="$(cd "$RUNTIME" && node bin/gavel.mjs --version)"
echo "[check-image] gavel --version: $VERSION"
(cd "$RUNTIME" && NODE_ENV=production PORT="$PORT" GAVEL_DATA_DIR="$RUNTIME/data" DATABASE_URL="${DATABASE_URL:-}" \
  NEXTAUTH_SECRET=check-image-secret NEXTAUTH_URL="http://127.0.0.1:$PORT" \
  exec node --conditions=react-server --import tsx scripts/start.ts >"$WORK/server.log" 2>&1) &
SERVER_PID=$!
STARTED=$(date +%s)
for _ in $(seq 1 180); do
  CODE="$(curl -s -o "$WORK/health.json" -w '%{http_code}' "http://127.0.0.1:$PORT/api/health" || true)"
  if [ "$CODE" = 200 ]; then
    step "/api/health answered 200 $(($(date +%s) - STARTED)) s after start: $(cat "$WORK/health.json")"
    exit 0
  fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then break; fi
  sleep 1
done
echo "[check-image] FAILED: /api/health did not answer 200 (last: ${CODE:-none}). Server log:"
tail -40 "$WORK/server.log"
exit 1
