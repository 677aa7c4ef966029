/**
 * One benchmark measurement in a fresh process (so peak RSS is this run's own): loads the suite,
 * runs it with the production deps (database writes and the run record included) and prints the
 * figures as JSON.
 */
import { loadSuite } from "../../datasets/load";
import { resolveAgent } from "../../lib/engine/agents";
import { localDeps } from "../../lib/cli/deps-local";
import { runSuite } from "../../lib/engine/run-suite";
import { databaseUrl } from "../../lib/database-url";
import { db, disconnectDb } from "../../lib/db/client";
import { ensureMigrated } from "../../lib/db/ensure-migrated";

const [suitePath, agentSpec, trials, concurrency, outDir] = process.argv.slice(2) as [string, string, string, string, string];

async function main() {
  await ensureMigrated(databaseUrl());
  const suite = await loadSuite(suitePath);
  const agent = await resolveAgent(agentSpec);
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const { record } = await runSuite(suite, { trials: Number(trials), concurrency: Number(concurrency) }, localDeps({ agent, outDir }));
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  clearInterval(sampler);
  const stored = await db().trial.count({ where: { runId: record.runId } });
  const maxRss = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(
    `${JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, trials: record.summary.trials, passed: record.summary.passed, stored, peakRssBytes: Math.max(peakRss, maxRss), p50: record.summary.latencyP50Ms, p95: record.summary.latencyP95Ms })}\n`,
  );
  await disconnectDb();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
