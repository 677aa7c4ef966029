/**
 * For the end-to-end tests, which cannot import server-only modules: seeds one scenario into the
 * database at DATABASE_URL and prints the created ids as JSON.
 *   node --conditions=react-server --import tsx lib/testing/seed-judges-cli.ts '<json>'
 * The JSON is {labelSets?: SeedLabelSet[], versions?: {name, spec, key?}[], calibrate?: {version, labelSet, split}[]};
 * versions are keyed by key, else name. Each `calibrate` entry runs the version (by key) on the label set's split (by
 * name) through the real judge code, against whatever endpoint its spec names, and stores the calibration.
 */
import { disconnectDb } from "../db/client";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "../judging/label-set-run";
import { seedJudgeVersion, seedLabelSet, type SeedLabelSet } from "./seed-judges";

interface Scenario {
  labelSets?: SeedLabelSet[];
  versions?: { name: string; spec: Record<string, unknown>; key?: string }[];
  calibrate?: { version: string; labelSet: string; split: "dev" | "test" }[];
}

async function main() {
  const scenario = JSON.parse(process.argv[2] ?? "{}") as Scenario;
  const labelSets: Record<string, { queueId: string; transcriptIds: Record<string, string> }> = {};
  for (const set of scenario.labelSets ?? []) labelSets[set.name] = await seedLabelSet(set);
  const versions: Record<string, { id: string; hash: string }> = {};
  for (const v of scenario.versions ?? []) {
    const version = await seedJudgeVersion(v.name, v.spec);
    versions[v.key ?? v.name] = { id: version.id, hash: version.hash };
  }
  for (const c of scenario.calibrate ?? []) {
    const versionId = versions[c.version]!.id;
    const queueId = labelSets[c.labelSet]!.queueId;
    await runJudgeOnLabelSet({ versionId, queueId, split: c.split });
    await calibrateOnLabelSet({ versionId, queueId, split: c.split, actorId: null });
  }
  process.stdout.write(JSON.stringify({ labelSets, versions }));
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
