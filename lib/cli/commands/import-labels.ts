import { z } from "zod";
import { LABEL_FILE_FORMATS } from "../../labeling/label-import";
import { mergeValueMaps, parseValueMap, parseValueMapFile, type ValueMap } from "../../labeling/label-import/value-map";
import { EXIT, UsageError } from "../exit";
import { parseFlags, readUserFile } from "../user-input";
import { importSubcommand } from "./command-group";
import { problemLines } from "./import-report";
import type { RegisterCommand } from "./register";

/**
 * `gavel import labels FILE --queue NAME [--format …] [--question NAME] [--map FROM=TO …] [--map-file F]`:
 * existing human labels (a Label Studio JSON export, Argilla records, or JSONL / CSV rows) into a
 * queue, with the tool's values mapped to the queue's (Positive=pass). The whole file is checked
 * first; any bad line is named, nothing is written and the exit code is 2.
 */
const optionsSchema = z.object({
  queue: z.string({ error: "--queue is required" }).trim().min(1, "--queue needs a queue name"),
  format: z
    .enum([...LABEL_FILE_FORMATS, "auto"], { error: `--format must be ${[...LABEL_FILE_FORMATS, "auto"].join(", ")}` })
    .default("auto"),
  question: z.string().trim().min(1).optional(),
  json: z.boolean().default(false),
  map: z.array(z.string()).default([]),
  mapFile: z.string().trim().min(1, "--map-file needs a file").optional(),
});

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** --map pairs and a --map-file as one mapping; any bad pair is a usage error naming it. */
export function valueMapOptions(pairs: readonly string[], file: string | undefined): ValueMap {
  const fromFlags = parseValueMap(pairs);
  let fromFile: { map: ValueMap; errors: string[] } = { map: new Map(), errors: [] };
  if (file) {
    fromFile = parseValueMapFile(readUserFile(file), file);
  }
  const merged = mergeValueMaps(fromFile.map, fromFlags.map);
  const errors = [...fromFlags.errors, ...fromFile.errors, ...merged.errors];
  if (errors.length) throw new UsageError(`The value mapping has problems:\n${errors.map((e) => `  ${e}`).join("\n")}`);
  return merged.map;
}

export const registerImportLabels: RegisterCommand = (program, { logger }) => {
  importSubcommand(
    program,
    "labels",
    "Import existing human labels into a queue: a Label Studio JSON export, Argilla records (Dataset.to_disk), or JSONL / CSV rows (reviewer, item, value); all or nothing.",
  )
    .argument("<file>", "the file of labels")
    .requiredOption("--queue <name>", "the queue whose items the labels are for (items by transcript id or external id)")
    .option("--format <format>", `${LABEL_FILE_FORMATS.join(", ")}, or auto (from the content)`, "auto")
    .option("--question <name>", "the question to read (Label Studio from_name, Argilla question) when the file answers several")
    .option("--map <from=to>", "what a value of the tool means in the queue (repeatable): --map Positive=pass --map Negative=fail", collect)
    .option("--map-file <file>", 'a value mapping: a JSON object {"Positive": "pass"} or FROM=TO lines')
    .option("--json", "print the result as JSON")
    .action(async (file: string, raw: Record<string, unknown>) => {
      const options = parseFlags(optionsSchema, raw);
      const valueMap = valueMapOptions(options.map, options.mapFile);
      const text = readUserFile(file);
      const [{ importLabels }, { ensureMigrated }, { databaseUrl }, { disconnectDb }, { UserError }] = await Promise.all([
        import("../../db/label-import"),
        import("../../db/ensure-migrated"),
        import("../../database-url"),
        import("../../db/client"),
        import("../../errors"),
      ]);
      try {
        await ensureMigrated(databaseUrl());
        const result = await importLabels({
          queue: options.queue,
          text,
          format: options.format,
          question: options.question,
          valueMap,
        }).catch((error: unknown) => {
          if (error instanceof UserError) throw new UsageError(`${file}: ${error.message} Nothing was written.`);
          throw error;
        });
        if (options.json) logger.out(JSON.stringify(result, null, 2));
        if (!result.ok) {
          const n = result.errors.length;
          logger.error(
            `${file} (${result.format}) has ${n} problem${n === 1 ? "" : "s"}; nothing was written:\n${problemLines(file, result.errors)}`,
          );
          process.exitCode = EXIT.usage;
          return;
        }
        if (!options.json) {
          logger.out(
            `ok: ${result.labels} labels from ${file} (${result.format}) into "${options.queue}"; ${result.reviewersCreated} reviewer account${result.reviewersCreated === 1 ? "" : "s"} created (no sign-in); ${result.gold} consensus gold label${result.gold === 1 ? "" : "s"}`,
          );
          for (const note of result.notes) logger.out(`  ${note}`);
        }
        process.exitCode = EXIT.ok;
      } finally {
        await disconnectDb();
      }
    });
};
