/**
 * `npm run bench:startup`: how long the `gavel` command takes to start, as a team runs it. Packs this
 * repository (`npm pack`), installs the tarball into an empty project in a temporary folder (npm's
 * cache answers; the registry is asked only for what it lacks), then times, interleaved round by
 * round so every row sees the same machine:
 *
 * - `node -e 0`, the floor any Node command pays;
 * - `npx --version`, npm's own start, and `npx noop` (a do-nothing shell script in the team project's
 *   node_modules/.bin): the least any `npx <command>` costs, whatever the command;
 * - `node_modules/.bin/gavel --version` and `npx @gavel-evals/gavel --version` in the team project;
 * - `gavel run` on the lab's smoke suite (4 tasks, its stub agent) with an existing SQLite database,
 *   and on a new one (migrations applied in the process): wall, CPU and peak RSS (GNU time).
 *
 *   npm run bench:startup [-- --rounds 9 --project DIR]
 *
 * `--project DIR` reuses a team project made by an earlier run (it is kept and its path printed).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { printTable } from "./bench/table";
import { median, timed, type Timed } from "./bench/timed";
import { arg } from "./bench/cli";

const ROOT = path.resolve(import.meta.dirname, "..");
const ROUNDS = Number(arg("rounds", "9"));
const AIM_NPX_S = 0.5;
const AIM_SMOKE_S = 1;

const quiet = { ...process.env, npm_config_loglevel: "error", npm_config_update_notifier: "false" };

function teamProject(): string {
  const given = arg("project", "");
  if (given && existsSync(path.join(given, "node_modules", ".bin", "gavel"))) return given;
  const team = given || mkdtempSync(path.join(os.tmpdir(), "gavel-bench-team-"));
  mkdirSync(team, { recursive: true });
  const packs = mkdtempSync(path.join(os.tmpdir(), "gavel-bench-pack-"));
  console.log(`packing and installing gavel into ${team} (reused with --project ${team}) …`);
  const tarball = execFileSync("npm", ["pack", "--pack-destination", packs, "--silent"], { cwd: ROOT, encoding: "utf8", env: quiet })
    .trim()
    .split("\n")
    .at(-1)!;
  writeFileSync(path.join(team, "package.json"), JSON.stringify({ name: "team-repo", private: true }));
  execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", path.join(packs, tarball)], {
    cwd: team,
    stdio: ["ignore", "ignore", "inherit"],
    env: quiet,
  });
  rmSync(packs, { recursive: true, force: true });
  cpSync(path.join(ROOT, "datasets", "smoke"), path.join(team, "smoke"), { recursive: true });
  return team;
}

/** A command that does nothing, where npx finds a project's commands: what npx costs by itself. */
function noopBin(team: string): void {
  const noop = path.join(team, "node_modules", ".bin", "noop");
  writeFileSync(noop, "#!/bin/sh\nexit 0\n", { mode: 0o755 });
}

async function main() {
  const team = teamProject();
  noopBin(team);
  const env: NodeJS.ProcessEnv = { ...quiet, GAVEL_DATA_DIR: path.join(team, "data") };
  delete env.DATABASE_URL;
  const smoke = ["run", "smoke", "--agent", "module:smoke/agent.ts#stubAgent", "--threshold", "0.75", "--quiet"];
  const existing = `file:${path.join(team, "existing.db")}`;
  // The existing database: made once, before timing.
  await timed(["node_modules/.bin/gavel", ...smoke], { cwd: team, env: { ...env, DATABASE_URL: existing } });

  const rows: { name: string; command: () => string[]; env?: () => NodeJS.ProcessEnv; aimS?: number; cwd?: string }[] = [
    { name: "node -e 0 (the floor any Node command pays)", command: () => ["node", "-e", "0"] },
    { name: "npx --version (npm alone)", command: () => ["npx", "--version"] },
    { name: "npx noop (a do-nothing command: what any npx command costs)", command: () => ["npx", "noop"] },
    { name: "gavel --version (node_modules/.bin/gavel in the team project)", command: () => ["node_modules/.bin/gavel", "--version"] },
    { name: "node bin/gavel.mjs --version (in this repository)", command: () => ["node", "bin/gavel.mjs", "--version"], cwd: ROOT },
    {
      name: "npx @gavel-evals/gavel --version (in the team project)",
      command: () => ["npx", "@gavel-evals/gavel", "--version"],
      aimS: AIM_NPX_S,
    },
    {
      name: "gavel run smoke, existing SQLite database",
      command: () => ["node_modules/.bin/gavel", ...smoke],
      env: () => ({ ...env, DATABASE_URL: existing }),
      aimS: AIM_SMOKE_S,
    },
    {
      name: "gavel run smoke, new SQLite database (migrated in the process)",
      command: () => ["node_modules/.bin/gavel", ...smoke],
      env: () => ({ ...env, DATABASE_URL: `file:${path.join(team, `new-${process.hrtime.bigint()}.db`)}` }),
    },
  ];
  const samples = rows.map((): Timed[] => []);
  const loads: number[] = [];
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs, ${ROUNDS} rounds, load average at start ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, row] of rows.entries()) {
      samples[i]!.push(await timed(row.command(), { cwd: row.cwd ?? team, env: row.env?.() ?? env }));
    }
    loads.push(os.loadavg()[0]!);
  }

  const s = (x: number) => `${x.toFixed(2)} s`;
  const table = [["command", "wall (median)", "wall (range)", "CPU (median)", "peak RSS", "aim", "verdict"]];
  const verdicts: string[] = [];
  for (const [i, row] of rows.entries()) {
    const walls = samples[i]!.map((x) => x.wallS);
    const wall = median(walls);
    const verdict = row.aimS === undefined ? "" : wall < row.aimS ? "met" : "missed";
    if (verdict) verdicts.push(`${row.name}: ${s(wall)} against under ${s(row.aimS!)} — ${verdict}`);
    table.push([
      row.name,
      s(wall),
      `${Math.min(...walls).toFixed(2)}–${Math.max(...walls).toFixed(2)}`,
      s(median(samples[i]!.map((x) => x.cpuS))),
      `${Math.round(median(samples[i]!.map((x) => x.rssMb)))} MB`,
      row.aimS === undefined ? "" : `< ${s(row.aimS)}`,
      verdict,
    ]);
  }
  console.log();
  printTable(table);
  console.log();
  for (const line of verdicts) console.log(line);
  console.log(`one-minute load average after each round: ${loads.map((l) => l.toFixed(2)).join(", ")}`);
  if (!arg("project", "")) console.log(`team project kept at ${team} (pass --project ${team} to reuse it)`);
}

await main();
