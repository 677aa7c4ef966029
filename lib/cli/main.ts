import { Command } from "commander";

const program = new Command()
  .name("gavel")
  .description("Measure whether your AI agent got better or worse, with judges you can trust.")
  .version("0.1.0")
  .showHelpAfterError();

program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
