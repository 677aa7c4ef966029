// Prisma CLI configuration for PostgreSQL (used when DATABASE_URL starts with postgres).
// Paths here are relative to this file. The 7.x pg adapter is used here only: 6.19's cannot read Postgres's `name` type that
// `migrate deploy` queries (see docs/database.md).
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg-cli";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "schema.prisma",
  migrations: { path: "migrations" },
  async adapter() {
    return new PrismaPg({ connectionString: process.env.DATABASE_URL });
  },
});
