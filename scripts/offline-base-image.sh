#!/usr/bin/env bash
# Builds the Dockerfile's base image (node:<NODE_VERSION>-bookworm-slim) locally, for machines that
# reach Debian's mirror and the npm registry but not Docker Hub (docs/deploy.md, "Built here").
# A minimal Debian bookworm (debootstrap --variant=minbase) plus this machine's Node.js (the
# `nodejs` package's files), imported as the tag the Dockerfile names. Where Docker Hub is
# reachable, skip this: `docker build` pulls the official image.
set -euo pipefail
TAG="${1:-node:20.19-bookworm-slim}"
ROOT="$(mktemp -d /tmp/gavel-base.XXXXXX)"
trap 'rm -rf "$ROOT"' EXIT
command -v debootstrap >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap; }
debootstrap --variant=minbase --include=ca-certificates,libstdc++6 bookworm "$ROOT" http://deb.debian.org/debian
# Node.js as this machine has it: the binary and npm/corepack (dpkg -L nodejs lists the same files).
cp -a /usr/bin/node "$ROOT/usr/bin/node"
mkdir -p "$ROOT/usr/lib/node_modules"
cp -a /usr/lib/node_modules/npm /usr/lib/node_modules/corepack "$ROOT/usr/lib/node_modules/"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOT/usr/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOT/usr/bin/npx"
# Node's headers, as the official image has them: node-gyp compiles better-sqlite3 against them
# instead of downloading them from nodejs.org (unreachable here).
cp -a /usr/include/node "$ROOT/usr/include/node"
# This machine reaches the npm registry through a proxy with its own certificate authority: the
# image trusts the CAs this machine added (/usr/local/share/ca-certificates), and npm and node use the bundle.
cp -a /usr/local/share/ca-certificates/. "$ROOT/usr/local/share/ca-certificates/" 2>/dev/null || true
chroot "$ROOT" update-ca-certificates >/dev/null
mkdir -p "$ROOT/usr/etc"
printf 'cafile=/etc/ssl/certs/ca-certificates.crt\nnodedir=/usr\n' > "$ROOT/usr/etc/npmrc"
# The official image's `node` user (uid 1000), which the Dockerfile's runtime stage runs as.
chroot "$ROOT" groupadd --gid 1000 node
chroot "$ROOT" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$ROOT"/var/cache/apt/archives/*.deb "$ROOT"/var/lib/apt/lists/*
tar -C "$ROOT" -c . | docker import -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  -c 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' -c 'CMD ["node"]' - "$TAG"
docker run --rm --network none "$TAG" node -e 'console.log("base image ok: node " + process.version)'
