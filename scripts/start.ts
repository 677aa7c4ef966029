/**
 * `npm start`: everything a fresh machine needs to serve Gavel on http://localhost:3000.
 *  1. resolve the database (an SQLite file under data/ unless DATABASE_URL is set) and apply
 *     pending migrations;
 *  2. on an empty database outside production mode, create the demo accounts;
 *  3. build the app when the build is missing or older than the sources (in production mode, only
 *     when it is missing: a deployment builds once, e.g. in its image);
 *  4. run the server (scripts/serve.ts: Next with structured request logs);
 *  5. once it answers, ask it for every page once without a session (lib/server/warm-up.ts), so that
 *     no person's first request pays for running the page's modules (a few seconds, once per start);
 *  6. then seed the demo data on that empty database (LLMBar and HANNA, and three runs:
 *     prisma/demo-data.ts; GAVEL_DEMO=0 skips it), step by step in the `demo_data` setting, which the
 *     app shows in a banner and /api/health reports. A start stopped mid-way is finished by the next.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { dataDir, databaseProvider, databaseUrl, redactUrl } from "../lib/database-url";
import { warmUpPaths } from "../lib/server/warm-up";

const require = createRequire(import.meta.url);
const log = (line: string) => console.log(`[gavel] ${line}`);

/** Production mode: an operator set NODE_ENV=production. No demo accounts, whatever the database. */
const productionMode = process.env.NODE_ENV === "production";

function ensureSecret(dir: string): string {
  if (process.env.NEXTAUTH_SECRET?.trim()) return process.env.NEXTAUTH_SECRET.trim();
  const file = path.join(dir, "nextauth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  log(`Generated a session secret in ${path.relative(process.cwd(), file)} (set NEXTAUTH_SECRET to use your own).`);
  return secret;
}

/** Measured (README, "First start"): keep the two in step. */
const BUILD_TIME = "a few minutes on 2 cores (type-checking left to `npm test`), once";

const SOURCES = [
  "app",
  "lib",
  "graders",
  "datasets",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function buildIsCurrent(): boolean {
  const buildId = path.join(".next", "BUILD_ID");
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.every((source) => newestMtime(source) <= built);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/**
 * Starts `next build` when the build is missing or stale and returns its outcome (true: ready to
 * serve), or null when there is nothing to build. It needs no database, so it runs while the
 * migrations and the demo accounts are made.
 */
function startBuild(env: NodeJS.ProcessEnv): { done: Promise<boolean>; stop: () => void } | null {
  if (buildIsCurrent()) {
    log("Build is current.");
    return null;
  }
  if (productionMode && existsSync(path.join(".next", "BUILD_ID"))) {
    log("Production mode: serving the existing build (run `npm run build` to make a new one).");
    return null;
  }
  log(`Building the app (first start, or the sources changed): ${BUILD_TIME}. Next's own progress follows.`);
  const building = Date.now();
  // Next prints nothing for a while as it compiles: a line every 15 s says the start is alive.
  const heartbeat = setInterval(() => log(`Still building (${Math.round((Date.now() - building) / 1000)} s so far)…`), 15_000);
  // Type-checking is `npm test`'s job (`npm run typecheck`); a first start only needs the app built. On the very
  // first build (no .next yet) Turbopack's cache for later builds is not written either: the first page comes sooner,
  // and the next rebuild writes it.
  const first = !existsSync(".next");
  const child = spawn(process.execPath, [require.resolve("next/dist/bin/next"), "build"], {
    stdio: "inherit",
    env: { ...env, GAVEL_BUILD_TYPECHECK: "0", ...(first ? { GAVEL_BUILD_CACHE: "0" } : {}) },
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  const done = new Promise<boolean>((resolve) => {
    child.on("error", (error) => {
      log(`Could not start the build: ${error.message}`);
      resolve(false);
    });
    child.on("exit", (code, signal) => {
      clearInterval(heartbeat);
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      if (code === 0) log(`Built in ${Math.round((Date.now() - building) / 1000)} s.`);
      else process.exitCode = code ?? (signal ? 128 : 1);
      resolve(code === 0);
    });
  });
  return { done, stop: () => child.kill("SIGTERM") };
}

async function main() {
  const dir = dataDir();
  const url = databaseUrl();
  const port = process.env.PORT ?? "3000";
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    NEXTAUTH_SECRET: ensureSecret(dir),
    NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://localhost:${port}`,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // The build first: on a first start it is most of the wait, and the database steps below overlap it
  // (their modules — Prisma's client, the seeding — are loaded only now, after the build started).
  const build = startBuild(env);

  let demoFrom: number | null = null;
  const { disconnectDb, getDemoStatus, setDemoStatus, ensureMigrated, countUsers, DEMO_STEPS, demoEnabled, seedDemoUsers } =
    await databaseSteps();
  try {
    log(`Database: ${databaseProvider(url) === "sqlite" ? "SQLite" : "PostgreSQL"} at ${redactUrl(url)}`);
    await ensureMigrated(url);
    log("Migrations are up to date.");

    process.env.DATABASE_URL = url;
    if (productionMode) {
      if ((await countUsers()) === 0) log(`Production mode with no accounts yet: open /signup to create the admin account.`);
    } else {
      const created = await seedDemoUsers((line) => console.log(line));
      const status = await getDemoStatus();
      if (!demoEnabled())
        log(
          created ? "GAVEL_DEMO=0: no demo data seeded." : "Existing accounts kept; demo accounts are only created on an empty database.",
        );
      else if (created) demoFrom = 0;
      else if (status && status.state !== "ready") {
        demoFrom = status.done;
        log(`The demo data stopped at step ${status.done} of ${status.steps} last time; finishing it once the server is up.`);
      } else log("Existing accounts kept; demo accounts are only created on an empty database.");
      if (demoFrom !== null)
        await setDemoStatus({ state: "loading", done: demoFrom, steps: DEMO_STEPS, detail: "waiting for the server to start" });
    }
    await disconnectDb();
  } catch (error) {
    // Nothing to serve without a database: the build stops too.
    build?.stop();
    await build?.done;
    throw error;
  }
  if (build && !(await build.done)) return;
  log(`Starting on http://localhost:${port}`);
  const server = run(process.execPath, ["--import", "tsx", path.join("scripts", "serve.ts")], env);
  void whenServing(port, demoFrom, server);
  // The seeding may still be under way when the server stops: it ends with it (the next start finishes it).
  process.exit(await server);
}

/** The modules of the database steps, loaded when they are needed (after the build has started). */
async function databaseSteps() {
  const [client, demoStatus, migrated, users, demoData, seed] = await Promise.all([
    import("../lib/db/client"),
    import("../lib/db/demo-status"),
    import("../lib/db/ensure-migrated"),
    import("../lib/db/users"),
    import("../prisma/demo-data"),
    import("../prisma/seed"),
  ]);
  return {
    disconnectDb: client.disconnectDb,
    getDemoStatus: demoStatus.getDemoStatus,
    setDemoStatus: demoStatus.setDemoStatus,
    ensureMigrated: migrated.ensureMigrated,
    countUsers: users.countUsers,
    DEMO_STEPS: demoData.DEMO_STEPS,
    demoEnabled: demoData.demoEnabled,
    seedDemoData: demoData.seedDemoData,
    seedDemoUsers: seed.seedDemoUsers,
  };
}

/** Waits until the server answers, then warms its pages and, when `from` is not null, seeds the demo data from step `from`. */
async function whenServing(port: string, from: number | null, server: Promise<number>) {
  let stopped = false;
  void server.then(() => (stopped = true));
  const deadline = Date.now() + 10 * 60_000;
  while (!stopped && Date.now() < deadline) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (stopped) return;
  await warmUp(port, () => stopped);
  if (from !== null && !stopped) await seedWhenServing(from);
}

/**
 * Asks the server for every page once, one at a time and without a session (lib/server/warm-up.ts says why). A page
 * that fails to answer is the visitor's to see, not the start's: it is left for them, and the start goes on.
 */
async function warmUp(port: string, stopped: () => boolean) {
  const started = Date.now();
  let manifest: Record<string, string>;
  try {
    manifest = JSON.parse(readFileSync(path.join(".next", "app-path-routes-manifest.json"), "utf8")) as Record<string, string>;
  } catch (error) {
    log(`Pages not warmed (no route list in the build: ${error instanceof Error ? error.message : String(error)}).`);
    return;
  }
  const paths = warmUpPaths(manifest);
  for (const page of paths) {
    if (stopped()) return;
    await fetch(`http://127.0.0.1:${port}${page}`, { redirect: "manual" }).then(
      (response) => response.arrayBuffer(),
      () => undefined,
    );
  }
  log(`Warmed ${paths.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s (each page's modules, once per start).`);
}

/** Seeds the demo data step by step from step `from`, recording each in the demo status. */
async function seedWhenServing(from: number) {
  const { DEMO_STEPS, disconnectDb, getDemoStatus, seedDemoData, setDemoStatus } = await databaseSteps();
  try {
    await seedDemoData((line) => console.log(line), process.cwd(), {
      from,
      onStep: (done, detail) => setDemoStatus({ state: done === DEMO_STEPS ? "ready" : "loading", done, steps: DEMO_STEPS, detail }),
    });
  } catch (error) {
    // The demo is a convenience: if it cannot be seeded (a data set folder removed, say), say so; the app keeps serving.
    const message = error instanceof Error ? error.message : String(error);
    log(`Demo data could not be seeded (the app runs without it): ${message}`);
    const status = await getDemoStatus().catch(() => null);
    await setDemoStatus({ state: "failed", done: status?.done ?? from, steps: DEMO_STEPS, detail: message }).catch(() => undefined);
  } finally {
    await disconnectDb();
  }
}

main().catch((error: unknown) => {
  console.error(`[gavel] Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
