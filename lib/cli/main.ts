import { Command, CommanderError } from "commander";
import { COMMANDS } from "./commands";
import { EXIT, UsageError } from "./exit";
import { createLogger } from "./logger";

const logger = createLogger();

const program = new Command()
  .name("gavel")
  .description("Measure whether your AI agent got better or worse, with judges you can trust.")
  .version("0.1.0")
  .showHelpAfterError()
  .exitOverride();

for (const register of COMMANDS) register(program, { logger });

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof CommanderError) {
    // --help and --version end here with code 0; a bad flag or argument is a usage error.
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    return;
  }
  if (error instanceof UsageError) {
    logger.error(error.message);
    process.exitCode = EXIT.usage;
    return;
  }
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = EXIT.internal;
});
