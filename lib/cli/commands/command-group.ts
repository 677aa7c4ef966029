import type { Command } from "commander";

/**
 * The command `name` that several modules add subcommands to (`import transcripts`, `import llmbar`, …):
 * the one already on the program, or a new one with `description` when this module is the first.
 */
export function commandGroup(program: Command, name: string, description: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
}
