import type { Command } from "commander";
import { DatasetError } from "../../real-data/issues";
import { EXIT, UsageError } from "../exit";
import type { Logger } from "../logger";
import { importSubcommand } from "./command-group";
import type { RegisterCommand } from "./register";

/**
 * `gavel import llmbar DIR` and `gavel import hanna FILE`: the two public judge-vs-human data sets
 * (see docs/real-data.md). Every file is validated before anything is written; importing again adds
 * nothing. The `import` command is shared with `gavel import transcripts`.
 */
type Counts = import("../../db/import-datasets").ImportCounts;

export function importSummary(name: string, c: Counts): string {
  return [
    `${name}: ${c.transcripts.created} new transcripts (${c.transcripts.existing} already stored), ${c.labelSets.created} new label sets (${c.labelSets.existing} existing)`,
    `  ${c.queueItems} queue items, ${c.gold} gold labels, ${c.labels} human labels added`,
    `  ${c.judgeVersions.created} new judge versions (${c.judgeVersions.existing} existing), ${c.verdicts.created} verdicts added (${c.verdicts.existing} already stored; ${c.verdicts.errors} of the data set's verdicts are errors: unparseable or off-scale, counted, never dropped)`,
    `  ${c.calibrations} calibrations computed`,
  ].join("\n");
}

async function run(kind: "llmbar" | "hanna", target: string, options: { json?: boolean }, logger: Logger) {
  const { databaseUrl } = await import("../../database-url");
  const { ensureMigrated } = await import("../../db/ensure-migrated");
  const { disconnectDb } = await import("../../db/client");
  const { importHanna, importLlmbar } = await import("../../judging/import-datasets");
  try {
    await ensureMigrated(databaseUrl());
    const started = Date.now();
    const result = await (kind === "llmbar" ? importLlmbar : importHanna)(target, { onProgress: (line) => logger.info(line) });
    logger.out(
      options.json
        ? JSON.stringify({ dataset: kind, ...result.counts, seconds: (Date.now() - started) / 1000 }, null, 2)
        : `${importSummary(kind === "llmbar" ? "LLMBar" : "HANNA", result.counts)}\n  in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    process.exitCode = EXIT.ok;
  } catch (error) {
    if (error instanceof DatasetError) throw new UsageError(`Nothing was imported:\n${error.message}`);
    throw error;
  } finally {
    await disconnectDb();
  }
}

export const registerImportDatasets: RegisterCommand = (program: Command, { logger }: { logger: Logger }) => {
  importSubcommand(
    program,
    "llmbar",
    "Import LLMBar (princeton-nlp/LLMBar): pairwise items with expert gold labels and the recorded verdicts of LLM judges in both orders",
  )
    .argument("<dir>", "the LLMBar folder, e.g. datasets/llmbar")
    .option("--json", "print the counts as JSON")
    .action((dir: string, options: { json?: boolean }) => run("llmbar", dir, options, logger));
  importSubcommand(
    program,
    "hanna",
    "Import HANNA (dig-team/hanna-benchmark-asg): 960 generated stories × 6 criteria with three human ratings each and LLM ratings",
  )
    .argument("<file>", "hanna_metric_scores_llm.csv, e.g. datasets/hanna/hanna_metric_scores_llm.csv")
    .option("--json", "print the counts as JSON")
    .action((file: string, options: { json?: boolean }) => run("hanna", file, options, logger));
};
