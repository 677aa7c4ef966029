/**
 * For the end-to-end tests, which cannot import server-only modules: seeds one scenario into the
 * database at DATABASE_URL and prints the created ids as JSON.
 *   node --conditions=react-server --import tsx lib/testing/seed-judges-cli.ts '<json>'
 * The JSON is {labelSets?: SeedLabelSet[], versions?: {name, spec, key?}[]}; versions are keyed by key, else name.
 */
import { disconnectDb } from "../db/client";
import { seedJudgeVersion, seedLabelSet, type SeedLabelSet } from "./seed-judges";

interface Scenario {
  labelSets?: SeedLabelSet[];
  versions?: { name: string; spec: Record<string, unknown>; key?: string }[];
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
  process.stdout.write(JSON.stringify({ labelSets, versions }));
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
