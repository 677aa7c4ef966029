/**
 * Creates or drops a PostgreSQL database beside a server URL (CI's PostgreSQL pass uses it):
 *   node --conditions=react-server --import tsx scripts/pg-database.ts create|drop <server-url> <name>
 */
import { createPostgresDatabase, dropPostgresDatabase } from "../lib/db/temp-database";

async function main() {
  const [command, serverUrl, name] = process.argv.slice(2);
  if (!serverUrl || !name || !/^[a-z0-9_]+$/.test(name) || (command !== "create" && command !== "drop")) {
    console.error("Usage: pg-database.ts create|drop <server-url> <name (a-z, 0-9, _)>");
    process.exitCode = 2;
    return;
  }
  await (command === "create" ? createPostgresDatabase : dropPostgresDatabase)(serverUrl, name);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
