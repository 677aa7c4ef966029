// Prisma CLI configuration for PostgreSQL (used when DATABASE_URL starts with postgres).
// Paths here are relative to this file. The 7.x pg adapter is used here only: 6.19's cannot read Postgres's `name` type that
// `migrate deploy` queries (see docs/database.md).
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg-cli";

/**
 * The adapter applies a migration by splitting its script at every ";", which cuts a PL/pgSQL
 * function body (or any string holding a semicolon) in pieces. Prisma's native engine sends the
 * script whole, and so does this: one simple-protocol query, which PostgreSQL runs as one implicit
 * transaction (all of the migration or none of it).
 */
class WholeScriptPg extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    adapter.executeScript = async (script: string) => {
      try {
        await adapter.underlyingDriver().query(script);
      } catch (error) {
        (adapter as unknown as { onError(error: unknown): never }).onError(error);
      }
    };
    return adapter;
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "schema.prisma",
  migrations: { path: "migrations" },
  async adapter() {
    return new WholeScriptPg({ connectionString: process.env.DATABASE_URL });
  },
});
