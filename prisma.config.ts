// Prisma CLI configuration for the SQLite database (the default).
// The JS schema engine with a driver adapter keeps every migrate command offline.
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { sqliteFilePath } from "./lib/database-url";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  async adapter() {
    return new PrismaBetterSQLite3({ url: sqliteFilePath(process.env.DATABASE_URL) });
  },
});
