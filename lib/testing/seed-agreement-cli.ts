/**
 * For the end-to-end tests, which cannot import server-only modules: seeds queues with several
 * reviewers' labels, or reads an item's gold labels, in the database at DATABASE_URL; prints JSON.
 *   node --conditions=react-server --import tsx lib/testing/seed-agreement-cli.ts seed '{"queues":[AgreementSeed...]}'
 *   node --conditions=react-server --import tsx lib/testing/seed-agreement-cli.ts gold QUEUE_ID TRANSCRIPT_ID
 */
import { disconnectDb } from "../db/client";
import { goldLabelsOf, seedAgreementQueue, type AgreementSeed } from "./seed-agreement";

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === "seed") {
    const scenario = JSON.parse(args[0] ?? "{}") as { queues?: AgreementSeed[] };
    const queues: Record<string, Awaited<ReturnType<typeof seedAgreementQueue>>> = {};
    for (const queue of scenario.queues ?? []) queues[queue.name] = await seedAgreementQueue(queue);
    process.stdout.write(JSON.stringify({ queues }));
  } else if (command === "gold") {
    process.stdout.write(JSON.stringify(await goldLabelsOf(args[0]!, args[1]!)));
  } else {
    throw new Error(`Unknown command "${command}": use seed or gold.`);
  }
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
