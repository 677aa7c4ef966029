import type { Command } from "commander";
import type { Logger } from "../logger";

/** A subcommand registers itself on the program (every command module exports one; index.ts lists them). */
export type RegisterCommand = (program: Command, context: { logger: Logger }) => void;
