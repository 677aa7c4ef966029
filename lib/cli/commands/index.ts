import type { Command } from "commander";
import type { Logger } from "../logger";
import { registerAgreement } from "./agreement";
import { registerCompare } from "./compare";
import { registerImportTranscripts } from "./import";
import { registerImportDatasets } from "./import-datasets";
import { registerJudge } from "./judge";
import { registerLabels } from "./labels";
import { registerRun } from "./run";
import { registerValidate } from "./validate";
import { registerWait } from "./wait";
import { registerWorker } from "./worker";

/** A subcommand registers itself on the program; main.ts lists them all in COMMANDS. */
export type RegisterCommand = (program: Command, context: { logger: Logger }) => void;

export const COMMANDS: RegisterCommand[] = [registerValidate, registerRun, registerCompare, registerImportTranscripts, registerImportDatasets, registerJudge, registerAgreement, registerLabels, registerWorker, registerWait];
