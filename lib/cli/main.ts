import { existsSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { COMMANDS, commandsFor } from "./commands";
import { EXIT, UsageError } from "./exit";
import { createLogger } from "./logger";
import { versionLine } from "@/lib/package-root";

// A team's .env in the folder gavel runs from (DATABASE_URL, GAVEL_SERVER, keys), as Next reads one
// for the app; a variable already set in the environment wins.
if (existsSync(".env")) process.loadEnvFile(".env");

const logger = createLogger();

const program = new Command()
  .name("gavel")
  .description("Measure whether your AI agent got better or worse, with judges you can trust.")
  .version(versionLine())
  .showHelpAfterError()
  .exitOverride();

async function main() {
  for (const name of commandsFor(process.argv.slice(2))) for (const register of await COMMANDS[name]!()) register(program, { logger });
  await program.parseAsync(process.argv);
}

main().catch((error: unknown) => {
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
