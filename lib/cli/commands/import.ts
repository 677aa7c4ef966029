import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { FORMAT_LABELS, TRANSCRIPT_FORMATS } from "../../schemas/transcript-formats";
import { formatMb } from "../../server/request-guard";
import { mappingFromFlags, parseScoreMapFile, type ScoreMapping } from "../../transcripts/score-mapping";
import { EXIT, UsageError } from "../exit";
import { parseFlags, readUserFile } from "../user-input";
import { printImportReport, problemLines } from "./import-report";
import { importSubcommand } from "./command-group";
import type { RegisterCommand } from "./register";

/**
 * `gavel import transcripts FILE [--format jsonl|otel] [--queue NAME]`: validates the whole file
 * first; any bad line is reported with its number and field, nothing is written and the exit code
 * is 2. Importing the same file again adds nothing. The database layer loads only when it runs.
 */
const optionsSchema = z.object({
  format: z
    .enum([...TRANSCRIPT_FORMATS, "auto"], { error: `--format must be ${[...TRANSCRIPT_FORMATS, "auto"].join(", ")}` })
    .default("auto"),
  queue: z.string().trim().min(1, "--queue needs a queue name").optional(),
  rubric: z.string().trim().min(1).optional(),
  score: z.string().optional(),
  passWhen: z.string().optional(),
  judge: z.string().optional(),
  scoreMap: z.string().optional(),
  json: z.boolean().default(false),
});

/** --score/--pass-when or --score-map as a mapping (null: scores stay scores), or a usage error. */
function scoreMapping(options: z.output<typeof optionsSchema>): ScoreMapping | null {
  const flags = mappingFromFlags(options.score, options.passWhen, options.judge);
  if (typeof flags === "string") throw new UsageError(flags);
  if (flags && options.scoreMap) throw new UsageError("Give either --score with --pass-when, or --score-map FILE, not both.");
  if (!options.scoreMap) return flags;
  const parsed = parseScoreMapFile(readUserFile(options.scoreMap, `--score-map ${options.scoreMap}`));
  if ("errors" in parsed) throw new UsageError(`${options.scoreMap}: ${parsed.errors.join("; ")}`);
  return parsed;
}

/**
 * The largest file the CLI imports, from GAVEL_CLI_MAX_IMPORT_MB (default 400): the file is read
 * whole and parsed before one transaction writes it, so it must fit in memory as a string
 * (V8's limit is about 512 MB).
 */
function cliImportLimit(): number {
  const raw = process.env.GAVEL_CLI_MAX_IMPORT_MB?.trim();
  const mb = raw ? Number(raw) : 400;
  if (!Number.isFinite(mb) || mb <= 0)
    throw new UsageError(`GAVEL_CLI_MAX_IMPORT_MB must be a positive number of megabytes, not "${raw}".`);
  return Math.floor(mb * 2 ** 20);
}

export const registerImportTranscripts: RegisterCommand = (program, { logger }) => {
  importSubcommand(
    program,
    "transcripts",
    "Import transcripts: Gavel JSONL, OpenTelemetry traces (OTLP JSON), OpenAI chat JSONL, a promptfoo results.json, an Inspect AI log (.json or .eval) or a Langfuse export (docs/transcripts.md); all or nothing, nothing twice. A peer's scores become judge verdicts only with --score/--pass-when or --score-map.",
  )
    .argument("<file>", "the file to import (its format is recognised from its content)")
    .option("--format <format>", `${TRANSCRIPT_FORMATS.join(", ")}, or auto (from the content, then the extension)`, "auto")
    .option("--queue <name>", "also add the transcripts to this label queue (created when new)")
    .option("--rubric <text>", "the rubric of a queue created by --queue (default: the file's shared rubric)")
    .option("--score <name>", "the file's score that is a judge's verdict (Langfuse score, Inspect scorer, promptfoo assertion type)")
    .option("--pass-when <condition>", 'when that score passes: ">=0.5", "<=0.2" (lower is better, e.g. toxicity), "==C", "in [C, P]"')
    .option("--judge <name>", "the replay judge the mapped verdicts go to (default: <source>-<score>)")
    .option("--score-map <file>", "a YAML mapping of several scores (docs/transcripts.md: score mapping)")
    .option("--json", "print the result as JSON")
    .action(async (file: string, raw: Record<string, unknown>) => {
      const options = parseFlags(optionsSchema, raw);
      const mapping = scoreMapping(options);
      let bytes: Buffer;
      try {
        const limit = cliImportLimit();
        const size = statSync(file).size;
        if (size > limit)
          throw new UsageError(
            `${file} is ${formatMb(size)}, over the limit of ${formatMb(limit)} (GAVEL_CLI_MAX_IMPORT_MB); nothing was written.`,
          );
        bytes = readFileSync(file);
      } catch (error) {
        if (error instanceof UsageError) throw error;
        throw new UsageError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      }
      const [{ importFile }, { ensureMigrated }, { databaseUrl }, { disconnectDb }, { UserError }] = await Promise.all([
        import("../../db/import"),
        import("../../db/ensure-migrated"),
        import("../../database-url"),
        import("../../db/client"),
        import("../../errors"),
      ]);
      try {
        await ensureMigrated(databaseUrl());
        // The bytes as they are: an Inspect .eval log is a zip archive; text is checked as strict UTF-8.
        const result = await importFile({
          text: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          scoreMapping: mapping,
          format: options.format,
          fileName: path.basename(file),
          queue: options.queue ? { name: options.queue, rubric: options.rubric } : null,
        }).catch((error: unknown) => {
          if (error instanceof UserError) throw new UsageError(`${file}: ${error.message} Nothing was written.`);
          throw error;
        });
        if (!result.ok) {
          if (options.json) logger.out(JSON.stringify({ ok: false, format: result.format, errors: result.errors }, null, 2));
          const n = result.errors.length;
          logger.error(
            `${file} is not a valid ${FORMAT_LABELS[result.format]} file (${n} problem${n === 1 ? "" : "s"}); nothing was written:\n${problemLines(file, result.errors)}`,
          );
          process.exitCode = EXIT.usage;
          return;
        }
        if (options.json) {
          logger.out(JSON.stringify(result, null, 2));
        } else {
          const queue = result.queue
            ? `; ${result.addedToQueue} added to queue "${result.queue.name}"${result.queue.created ? " (new)" : ""}`
            : "";
          const verdicts =
            result.verdicts.created + result.verdicts.existing
              ? `; judge verdicts: ${result.verdicts.created} new, ${result.verdicts.existing} already stored`
              : "";
          logger.out(
            `ok: ${result.items} transcript${result.items === 1 ? "" : "s"} from ${file} (${result.format}): ${result.created} new, ${result.existing} already stored${queue}${verdicts}`,
          );
          for (const note of result.notes) logger.out(`  ${note}`);
          printImportReport(result, (line) => logger.out(line));
        }
        process.exitCode = EXIT.ok;
      } finally {
        await disconnectDb();
      }
    });
};
