/** @type {import('next').NextConfig} */
const nextConfig = {
  // forbidden() and unauthorized() give real 403 / 401 responses from pages, server actions and routes.
  // Transcript files are uploaded through a server action (/label/import) and POST /api/transcripts/import.
  experimental: { authInterrupts: true, serverActions: { bodySizeLimit: "50mb" }, proxyClientMaxBodySize: "50mb" },
  // Native and engine-carrying packages stay in node_modules rather than in the server bundle.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg"],
  poweredByHeader: false,
};

export default nextConfig;
