import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { databaseProvider, databaseUrl } from "@/lib/database-url";

/**
 * Gavel as a team installs it for CI: `npm pack` here, then `npm install gavel-evals-gavel-x.y.z.tgz` in an empty
 * folder outside this repository (the registry is only asked for what npm's cache lacks). Its own
 * suite, agent and .env live in that folder; `gavel` is run from a folder below it. It runs on
 * SQLite, as the test's .env says, so the PostgreSQL pass of the database tests skips it.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const team = mkdtempSync(path.join(os.tmpdir(), "gavel-team-"));
const packs = mkdtempSync(path.join(os.tmpdir(), "gavel-pack-"));
afterAll(() => {
  rmSync(team, { recursive: true, force: true });
  rmSync(packs, { recursive: true, force: true });
});

const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { name: string; version: string };

const npm = (args: string[], cwd: string) =>
  execFileSync("npm", args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, npm_config_loglevel: "error" },
  });

function gavel(args: string[], cwd: string) {
  const env = { ...process.env };
  delete env.DATABASE_URL; // the team's .env says where its database is
  delete env.GAVEL_DATA_DIR;
  const result = spawnSync(path.join(team, "node_modules", ".bin", "gavel"), args, { cwd, encoding: "utf8", env });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe.skipIf(databaseProvider(databaseUrl()) !== "sqlite")("gavel installed from a packed tarball in an empty folder", () => {
  it(
    "installs, validates and runs the team's suite from a folder below, with the database its .env names",
    { timeout: 20 * 60_000 },
    () => {
      const tarball = npm(["pack", "--pack-destination", packs, "--silent"], ROOT).trim().split("\n").at(-1)!;
      writeFileSync(path.join(team, "package.json"), JSON.stringify({ name: "team-repo", private: true }));
      npm(["install", "--prefer-offline", "--no-audit", "--no-fund", path.join(packs, tarball)], team);
      expect(tarball).toBe(`gavel-evals-gavel-${manifest.version}.tgz`);
      const installed = path.join(team, "node_modules", "@gavel-evals", "gavel");
      expect(existsSync(path.join(installed, "dist", "cli", "main.mjs"))).toBe(true); // the build,
      expect(existsSync(path.join(installed, "lib", "cli"))).toBe(false); // not the sources
      expect(existsSync(path.join(team, "node_modules", "gavel"))).toBe(false); // and never npm's other `gavel`
      // What the docs tell a team to type: npm finds the installed package, asks no registry (--offline).
      const npx = execFileSync("npx", ["--offline", "@gavel-evals/gavel", "--version"], { cwd: team, encoding: "utf8" });
      expect(npx.trim()).toBe(`@gavel-evals/gavel ${manifest.version}`);

      mkdirSync(path.join(team, "evals", "smoke"), { recursive: true });
      writeFileSync(
        path.join(team, "evals", "smoke", "tasks.json"),
        JSON.stringify([
          { id: "capital", prompt: "What is the capital of New Zealand?", grader: "exact", expected: "Wellington" },
          { id: "total", prompt: "Total of 60 and 40?", grader: "exact", expected: "100" },
        ]),
      );
      // A TypeScript agent, as the team would write one: the installed CLI loads it without a build step.
      writeFileSync(
        path.join(team, "evals", "agent.ts"),
        `export function agent(input: { prompt: string }): string {\n  return input.prompt.includes("New Zealand") ? "Wellington" : "100";\n}\n`,
      );
      mkdirSync(path.join(team, "ci"));
      const ci = path.join(team, "ci");
      writeFileSync(path.join(ci, ".env"), "DATABASE_URL=file:./team-evals.db\n");

      const version = gavel(["--version"], ci);
      expect(version.stdout.trim()).toBe(`@gavel-evals/gavel ${manifest.version}`);

      const valid = gavel(["validate", "../evals/smoke"], ci);
      expect(valid.stderr).toBe("");
      expect(valid.code).toBe(0);
      expect(valid.stdout).toContain("ok: suite smoke, 2 tasks");

      const run = gavel(["run", "../evals/smoke", "--agent", "module:../evals/agent.ts#agent", "--trials", "2", "--json"], ci);
      expect(run.code, run.stderr).toBe(0);
      const summary = JSON.parse(run.stdout);
      expect(summary).toMatchObject({ suite: { name: "smoke" }, summary: { scored: 4, gate: { passed: true } } });
      expect(existsSync(path.join(ci, "team-evals.db"))).toBe(true); // the .env's database, relative to where gavel ran
      expect(readdirSync(path.join(ci, "results")).filter((f) => f.endsWith(".json"))).toHaveLength(1);
      expect(existsSync(path.join(ci, "data"))).toBe(false);

      const broken = gavel(["run", "../evals/smoke", "--agent", "module:../evals/missing.ts#agent"], ci);
      expect(broken.code).toBe(2);
      expect(broken.stderr).toContain("no module at ../evals/missing.ts");
    },
  );
});
