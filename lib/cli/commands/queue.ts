import type { Command } from "commander";
import { EXIT } from "../exit";
import type { Logger } from "../logger";
import { databaseAction } from "./database-action";
import type { RegisterCommand } from "./register";

/**
 * `gavel queue agreement QUEUE [--json]`: the human ceiling of a queue and of each of its splits, straight from the
 * database, by the one rule every page uses (lib/labeling/ceiling.ts). The work is loaded only when it runs.
 */
const actions = () => import("./queue-actions");

export const registerQueue: RegisterCommand = (program: Command, { logger }: { logger: Logger }) => {
  const queue = program.command("queue").description("Read a label queue's statistics");
  queue
    .command("agreement")
    .description(
      "The human ceiling (reviewers' agreement with each other, Fleiss' κ) of a queue and of its dev and test splits, pending disagreements included",
    )
    .argument("<queue>", "queue name or id")
    .option("--json", "print {queue, rule, ceiling, splits: {dev, test}} as JSON (null when undefined)")
    .action((name: string, options: { json?: boolean }) =>
      databaseAction(async () => {
        await (await actions()).queueAgreementCommand(name, options.json === true, logger);
        return EXIT.ok;
      }),
    );
};
