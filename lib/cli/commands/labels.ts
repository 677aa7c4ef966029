import type { Command } from "commander";
import { EXIT } from "../exit";
import type { Logger } from "../logger";
import { commandGroup } from "./command-group";
import { databaseAction } from "./database-action";
import type { RegisterCommand } from "./register";

/**
 * `gavel labels export QUEUE --format csv|jsonl [--transcript] [--out FILE]`: the label export of the web app
 * (/api/queues/:id/labels), straight from the database; `--format label-studio|argilla --out FILE`: the
 * queue's items to label in Label Studio or Argilla, with the config or settings beside them (labels
 * come back with `gavel import labels`). The work is loaded only when it runs.
 */
const actions = () => import("./labels-actions");

export const registerLabels: RegisterCommand = (program: Command, { logger }: { logger: Logger }) => {
  commandGroup(program, "labels", "Work with the labels of a label queue")
    .command("export")
    .description("Export every label of a queue, one row per label, with its gold status, every dimension, the task prompt and output")
    .argument("<queue>", "queue name or id")
    .option("--format <format>", "csv or jsonl (the labels), or label-studio or argilla (the items, to label there)", "csv")
    .option("--rubric-version <version>", "all, current, or a version number", "all")
    .option("--transcript", "add each item's full transcript (messages, tool calls, final state)")
    .option("--out <file>", "write to this file instead of stdout")
    .action((queue: string, options: Record<string, unknown>) =>
      databaseAction(async () => {
        await (await actions()).labelsExport(queue, options, logger);
        return EXIT.ok;
      }),
    );
};
