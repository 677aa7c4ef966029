import { UsageError } from "../exit";
import { parseFlags } from "../user-input";
import { importLangfuseOptions } from "./import-langfuse-options";
import { importSubcommand } from "./command-group";
import type { RegisterCommand } from "./register";

/**
 * `gavel import langfuse --host URL --since DATE [--until DATE] [--tags a,b] [--queue Q]
 * [--label-score NAME (--label-pass-when ">=0.5" | --map VALUE=pass …)] [--score NAME --pass-when … | --score-map F]`: pulls a Langfuse project's
 * traces (with observations and scores) through its public API into transcripts, mapped as a file
 * import is (scores are verdicts only through --score/--score-map), and its human annotation scores
 * into the queue as labels through the given mapping.
 * The keys come from LANGFUSE_PUBLIC_KEY / LANGFUSE_SECRET_KEY. The work loads only when it runs.
 */
const collect = (value: string, previous: string[] = []) => [...previous, value];

export const registerImportLangfuse: RegisterCommand = (program, { logger }) => {
  importSubcommand(
    program,
    "langfuse",
    "Pull traces, observations and scores from a Langfuse project (public API; keys in LANGFUSE_PUBLIC_KEY / LANGFUSE_SECRET_KEY) into transcripts; resumes where the last pull stopped, adds nothing twice.",
  )
    .option("--host <url>", "the Langfuse host, e.g. https://cloud.langfuse.com (default: LANGFUSE_HOST)")
    .requiredOption("--since <date>", "pull traces from this time on (ISO 8601)")
    .option("--until <date>", "and before this time")
    .option("--tags <tags>", "only traces with all of these tags (comma-separated, repeatable)", collect)
    .option("--queue <name>", "add the transcripts to this label queue (created when new)")
    .option("--rubric <text>", "the rubric of a queue created by --queue")
    .option("--label-score <name>", "the Langfuse human annotation score that is the queue's label")
    .option("--label-pass-when <condition>", 'when the --label-score is a pass, e.g. ">=0.5", "<=0.2" or "in [Good, Great]"')
    .option("--map <from=to>", "for a categorical or boolean --label-score: what a value means (repeatable), e.g. Good=pass", collect)
    .option("--map-file <file>", "the value mapping as a file (JSON object or FROM=TO lines)")
    .option("--score <name>", "a score (from an evaluator or the API) that is a judge's verdict, with --pass-when")
    .option("--pass-when <condition>", 'when that score is a pass, e.g. ">=0.5" or "<=0.2" (lower is better)')
    .option("--judge <name>", "the replay judge the --score verdicts go to (default langfuse-<score>)")
    .option("--score-map <file>", "several scores as verdicts: a YAML/JSON mapping file (docs/transcripts.md)")
    .option("--page-size <n>", "traces per page (1–100)", "50")
    .option("--from-start", "ignore where the last pull stopped and start at --since")
    .option("--json", "print the result as JSON")
    .action(async (raw: Record<string, unknown>) => {
      const options = parseFlags(importLangfuseOptions, { ...raw, host: raw.host ?? process.env.LANGFUSE_HOST ?? undefined });
      const publicKey = process.env.LANGFUSE_PUBLIC_KEY?.trim();
      const secretKey = process.env.LANGFUSE_SECRET_KEY?.trim();
      if (!publicKey || !secretKey)
        throw new UsageError("Set LANGFUSE_PUBLIC_KEY and LANGFUSE_SECRET_KEY (the project's API keys) to pull from Langfuse.");
      const { importLangfuse } = await import("./import-langfuse-actions");
      process.exitCode = await importLangfuse(options, { publicKey, secretKey }, logger);
    });
};
