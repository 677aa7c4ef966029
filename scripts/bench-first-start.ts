/**
 * `npm run bench:first-start`: a fresh clone's first `npm start`, as a new user meets it. In a temporary
 * folder it
 *
 *  1. clones this repository (`git clone`, the current commit: commit what you want measured, or pass
 *     `--uncommitted` to apply this checkout's uncommitted changes to tracked files on top);
 *  2. installs node_modules — timed apart and left out of the total, because `npm ci` is a separate step of
 *     the Quickstart whose time is the network's and npm's: this checkout's node_modules is copied as hard
 *     links (what `npm ci` would lay out from the same package-lock.json), then `node scripts/postinstall.mjs`
 *     runs as `npm ci` would run it (the Prisma clients, the CLI bundle);
 *  3. runs `npm start` there (empty data folder, the build missing) and polls the sign-in page, /login,
 *     every 0.1 s until it answers 200.
 *
 * Printed: the clone, the install (excluded), `npm start` to the first 200 (and within it the build, from
 * the start's own "Built in" line), the total "from git clone to the first 200" without the install, CPU
 * of the start's process tree, and the one-minute load average before and after. The start's own log is
 * echoed with the seconds since `npm start`, so the progress a user sees is visible here too.
 *
 *   flock /tmp/gavel-heavy.lock npm run bench:first-start [-- --port 3199 --uncommitted --keep]
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const flag = (name: string) => process.argv.includes(`--${name}`);
function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}
const PORT = Number(arg("port", "3199"));
const AIM_S = 60;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () => os.loadavg()[0]!.toFixed(2);

/** User + system CPU seconds of a process group: its live processes and the children they have reaped (Linux /proc). */
function groupCpuS(pgid: number): number {
  const ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
  let total = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    // After "pid (comm) ": state is field 3; pgrp field 5; utime, stime, cutime, cstime fields 14–17.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid) continue;
    total += fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0);
  }
  return total / ticks;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-first-start-"));
  const clone = path.join(dir, "gavel");
  const loadBefore = load();
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  console.log(`first start of a fresh clone of ${commit} in ${clone} (load average ${loadBefore})`);

  const t0 = performance.now();
  execFileSync("git", ["clone", "--quiet", "--no-hardlinks", ROOT, clone], { stdio: "inherit" });
  execFileSync("git", ["checkout", "--quiet", commit], { cwd: clone });
  if (flag("uncommitted")) {
    const diff = execFileSync("git", ["diff", "HEAD", "--binary"], { cwd: ROOT, maxBuffer: 1 << 28 });
    if (diff.length) execFileSync("git", ["apply", "--whitespace=nowarn"], { cwd: clone, input: diff });
    console.log(`applied this checkout's uncommitted changes (${diff.length} bytes of diff)`);
  }
  const cloneMs = performance.now() - t0;

  const i0 = performance.now();
  execFileSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(clone, "node_modules")]);
  const post = spawnSync(process.execPath, ["scripts/postinstall.mjs"], { cwd: clone, stdio: ["ignore", "ignore", "inherit"] });
  if (post.status !== 0) throw new Error(`postinstall exited ${post.status}`);
  const installMs = performance.now() - i0;

  const s0 = performance.now();
  const app = spawn("npm", ["start"], {
    cwd: clone,
    env: {
      ...process.env,
      DATABASE_URL: "",
      GAVEL_DATA_DIR: path.join(dir, "data"),
      PORT: String(PORT),
      NEXTAUTH_URL: `http://127.0.0.1:${PORT}`,
      GAVEL_LOG_LEVEL: "error",
      npm_config_update_notifier: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let logs = "";
  const echo = (chunk: Buffer) => {
    const text = chunk.toString();
    logs += text;
    const at = ((performance.now() - s0) / 1000).toFixed(1).padStart(5);
    for (const line of text.split("\n")) if (line.trim()) console.log(`  ${at} s | ${line}`);
  };
  app.stdout!.on("data", echo);
  app.stderr!.on("data", echo);
  let exited: number | null = null;
  app.on("exit", (code) => (exited = code ?? 1));
  try {
    let firstAnswerMs: number | null = null;
    for (;;) {
      const response = await fetch(`http://127.0.0.1:${PORT}/login`, { redirect: "manual" }).catch(() => null);
      if (response) await response.arrayBuffer();
      if (response && firstAnswerMs === null) firstAnswerMs = performance.now() - s0;
      if (response?.status === 200) break;
      if (exited !== null) throw new Error(`npm start exited ${exited} before serving:\n${logs.slice(-4000)}`);
      if (performance.now() - s0 > 15 * 60_000) throw new Error(`no 200 from /login after 15 minutes:\n${logs.slice(-4000)}`);
      await sleep(100);
    }
    const startMs = performance.now() - s0;
    const cpuS = groupCpuS(app.pid!);
    const built = /Built in (\d+) s/.exec(logs)?.[1];
    const total = cloneMs + startMs;
    console.log("");
    console.log(`git clone                         ${seconds(cloneMs)}`);
    console.log(`node_modules (excluded)           ${seconds(installMs)}  (hard-linked copy + scripts/postinstall.mjs)`);
    console.log(
      `npm start to the first 200        ${seconds(startMs)}  (build ${built ? `${built} s` : "?"}; first answer of any status ${seconds(firstAnswerMs!)})`,
    );
    console.log(
      `from git clone to the first 200   ${seconds(total)}  without the install; aim ${AIM_S} s: ${total / 1000 <= AIM_S ? "met" : "missed"}`,
    );
    console.log(`CPU of npm start's process group until then ${cpuS.toFixed(1)} s; load average ${loadBefore} before, ${load()} after`);
  } finally {
    try {
      process.kill(-app.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    await sleep(1000);
    if (flag("keep")) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
