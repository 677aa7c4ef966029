# Gavel's production image (docs/deploy.md: how it was built and run, and what scripts/check-image.sh checks).
# Three stages. `deps`: the toolchain better-sqlite3 compiles with and `npm ci` from the package
# manifests alone, so the slow install is a cached layer until package.json or package-lock.json
# change. `build`: the Prisma clients from the Prisma inputs alone (cached until the schema changes),
# then the sources, `next build` (no database needed) and the CLI, then `npm prune --omit=dev`.
# `runtime`: only what runs, as the unprivileged `node` user, with tini as PID 1 and node under it.
#
# Why not Next's standalone output: Gavel is served by its own server (scripts/serve.ts: request logs
# with ids, the client address behind trusted proxies), started by scripts/start.ts (migrations
# first, through the Prisma CLI for PostgreSQL or Gavel's own runner for SQLite), and the same image
# runs `gavel worker`. Standalone's server.js replaces that server, and its trace carries neither the
# Prisma CLI, the migrations, tsx, nor the CLI. The runtime stage is the pruned copy of what runs instead.

ARG NODE_VERSION=20.19

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 NPM_CONFIG_UPDATE_NOTIFIER=false PRISMA_SKIP_POSTINSTALL_GENERATE=1
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Install scripts off: Gavel's postinstall needs the sources (it generates the Prisma clients and
# compiles the CLI, both done below), and Prisma's download engines this image never uses.
# The two packages whose scripts matter are rebuilt: better-sqlite3 (compiles) and esbuild (checks its binary).
RUN npm ci --no-audit --no-fund --ignore-scripts \
  && npm rebuild better-sqlite3 esbuild

FROM deps AS build
# The Prisma clients from the schemas and their configs only (prisma.config.ts reads lib/database-url.ts).
COPY prisma ./prisma
COPY prisma.config.ts ./
COPY lib/database-url.ts ./lib/database-url.ts
RUN DATABASE_URL=file:/tmp/prisma-offline.db node node_modules/prisma/build/index.js generate --config prisma.config.ts \
  && DATABASE_URL=postgresql://build@127.0.0.1:5432/none node node_modules/prisma/build/index.js generate --config prisma/postgres/prisma.config.ts
# Then the sources (.dockerignore keeps node_modules, builds, data and tests out).
COPY . .
RUN npm run build \
  && node scripts/build-cli.mjs \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf .next/cache

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    CHECKPOINT_DISABLE=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    PORT=3000 \
    GAVEL_DATA_DIR=/data
# What `npm start` and `gavel worker` run, and nothing else: no app/ sources (compiled into .next),
# no tests, docs or dev dependencies. scripts/check-image.sh copies the same list.
COPY --from=build /app/package.json /app/tsconfig.json /app/next.config.mjs /app/prisma.config.ts ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/.next ./.next
COPY --from=build /app/lib ./lib
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/datasets ./datasets
COPY --from=build /app/graders ./graders
COPY --from=build /app/bin ./bin
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts/start.ts /app/scripts/serve.ts ./scripts/
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini is PID 1 (reaps, and -g passes SIGTERM to the whole group: start.ts and the server it runs);
# node runs start.ts directly — never npm, which would swallow the signal.
ENTRYPOINT ["/usr/bin/tini", "-g", "--"]
CMD ["node", "--conditions=react-server", "--import", "tsx", "scripts/start.ts"]
