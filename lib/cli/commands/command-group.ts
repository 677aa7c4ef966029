import type { Command } from "commander";

/**
 * The command `name` that several modules add subcommands to (`import transcripts`, `import llmbar`, …):
 * the one already on the program, or a new one with `description` when this module is the first.
 */
export function commandGroup(program: Command, name: string, description: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
}

/**
 * `gavel import <name>`: a subcommand of the import group, which four modules extend (transcripts, labels,
 * langfuse, the data sets); the group's own description is written here once.
 */
export function importSubcommand(program: Command, name: string, description: string): Command {
  return commandGroup(program, "import", "Import transcripts and data sets").command(name).description(description);
}
