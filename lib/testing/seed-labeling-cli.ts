/**
 * For the end-to-end tests, which cannot import server-only modules:
 *   node --conditions=react-server --import tsx lib/testing/seed-labeling-cli.ts seed < queue.json   (a SeedQueue on stdin: it may be megabytes)
 *   node --conditions=react-server --import tsx lib/testing/seed-labeling-cli.ts labels <queueId>
 * Prints JSON: the created ids, or the queue's labels, gold labels and skips.
 */
import { readFileSync } from "node:fs";
import { disconnectDb } from "../db/client";
import { queueLabels, seedQueue, type SeedQueue } from "./seed-labeling";

async function main() {
  const [command, arg] = process.argv.slice(2);
  if (command === "seed") process.stdout.write(JSON.stringify(await seedQueue(JSON.parse(readFileSync(0, "utf8")) as SeedQueue)));
  else if (command === "labels") process.stdout.write(JSON.stringify(await queueLabels(arg ?? "")));
  else throw new Error("usage: seed-labeling-cli.ts seed < queue.json | labels <queueId>");
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
