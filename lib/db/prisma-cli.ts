import "server-only";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { databaseProvider, sqliteFilePath, type DatabaseProvider } from "../database-url";
import { packageRoot } from "../package-root";

const require = createRequire(import.meta.url);

const root = packageRoot();

/** Gavel's Prisma files, in its own folder whatever the working directory. */
export const PRISMA_FILES = {
  sqlite: {
    config: path.join(root, "prisma.config.ts"),
    schema: path.join(root, "prisma/schema.prisma"),
    migrations: path.join(root, "prisma/migrations"),
  },
  postgres: {
    config: path.join(root, "prisma/postgres/prisma.config.ts"),
    schema: path.join(root, "prisma/postgres/schema.prisma"),
    migrations: path.join(root, "prisma/postgres/migrations"),
  },
} as const satisfies Record<DatabaseProvider, { config: string; schema: string; migrations: string }>;

/**
 * URLs for commands that read no data. Prisma insists the variable is set, and its PostgreSQL
 * adapter connects even to diff two schema files, so that one must reach a live server
 * (GAVEL_PG_URL, or the local one).
 */
export function toolingUrl(provider: DatabaseProvider): string {
  return provider === "sqlite"
    ? "file:./data/.prisma-offline.db"
    : (process.env.GAVEL_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the Prisma CLI for one provider. The environment keeps it offline: telemetry off, and
 * DATABASE_URL always set (unset, Prisma falls back to downloading a native engine).
 */
export function runPrismaCli(provider: DatabaseProvider, args: string[], url = toolingUrl(provider)): Promise<CliResult> {
  if (provider === "sqlite") {
    mkdirSync(path.dirname(sqliteFilePath(url)), { recursive: true });
    url = `file:${sqliteFilePath(url)}`; // the config resolves a relative path against Prisma's folder, not the caller's
  }
  const cli = require.resolve("prisma/build/index.js");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args, "--config", PRISMA_FILES[provider].config], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        CHECKPOINT_DISABLE: "1",
        PRISMA_HIDE_UPDATE_MESSAGE: "1",
        PRISMA_SKIP_POSTINSTALL_GENERATE: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

async function mustRun(provider: DatabaseProvider, args: string[], url?: string): Promise<string> {
  const result = await runPrismaCli(provider, args, url);
  if (result.code !== 0) {
    const detail = (result.stderr || result.stdout).trim().split("\n").slice(-15).join("\n");
    throw new Error(`prisma ${args.slice(0, 2).join(" ")} failed (${provider}):\n${detail}`);
  }
  return result.stdout;
}

/** Applies every pending migration of the URL's provider; creates the SQLite file when missing. */
export async function deployMigrations(url: string): Promise<void> {
  await mustRun(databaseProvider(url), ["migrate", "deploy"], url);
}

export async function generateClients(): Promise<void> {
  await Promise.all([mustRun("sqlite", ["generate"]), mustRun("postgres", ["generate"])]);
}

/** The SQL that takes an empty database to the provider's schema (reads no data). */
export async function sqlFromEmpty(provider: DatabaseProvider, url?: string): Promise<string> {
  return mustRun(provider, ["migrate", "diff", "--from-empty", "--to-schema-datamodel", PRISMA_FILES[provider].schema, "--script"], url);
}

/** The SQL that takes a database shaped like `from` to one shaped like `to` (reads no data). */
export async function sqlBetween(provider: DatabaseProvider, fromSchema: string, toSchema: string): Promise<string> {
  // Reads no data; see toolingUrl for why PostgreSQL still needs a reachable server.
  return mustRun(provider, ["migrate", "diff", "--from-schema-datamodel", fromSchema, "--to-schema-datamodel", toSchema, "--script"]);
}
