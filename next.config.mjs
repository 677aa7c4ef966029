// Bodies above GAVEL_MAX_UPLOAD_MB are refused with 413 (proxy.ts by declared length; routes count what
// they read). Next's own buffers are a little larger, so they never truncate a body a route accepts:
// a truncated copy is always over the limit and refused whole. (Read when the server starts.)
const uploadMb = Number(process.env.GAVEL_MAX_UPLOAD_MB?.trim() || 50);
const bufferBytes = Math.floor((Number.isFinite(uploadMb) && uploadMb > 0 ? uploadMb : 50) * 2 ** 20) + 2 ** 20;

/** @type {import('next').NextConfig} */
const nextConfig = {
  // forbidden() and unauthorized() give real 403 / 401 responses from pages, server actions and routes.
  // Transcript files are uploaded through a server action (/label/import) and POST /api/transcripts/import.
  // GAVEL_BUILD_CACHE=0 (a first `npm start`, scripts/start.ts): Turbopack writes no filesystem cache for later
  // builds. Writing it ran beside the build's last phases and kept the build waiting (2.1 min at load 30).
  experimental: {
    authInterrupts: true,
    serverActions: { bodySizeLimit: bufferBytes },
    proxyClientMaxBodySize: bufferBytes,
    turbopackFileSystemCacheForBuild: process.env.GAVEL_BUILD_CACHE !== "0",
  },
  // Native and engine-carrying packages stay in node_modules rather than in the server bundle.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg"],
  poweredByHeader: false,
  // `npm start` builds with GAVEL_BUILD_TYPECHECK=0: type-checking belongs to `npm test` (`npm run typecheck`),
  // and on 2 cores it is about 40% of a first start's build. `npm run build` (CI, images) still type-checks.
  typescript: { ignoreBuildErrors: process.env.GAVEL_BUILD_TYPECHECK === "0" },
};

export default nextConfig;
