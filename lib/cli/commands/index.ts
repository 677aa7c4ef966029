import type { RegisterCommand } from "./register";

/**
 * Every subcommand by name, in the order `gavel --help` lists them, each loaded on demand: a start
 * loads only the command it runs (the engine, Prisma and the statistics are most of the start-up),
 * and `--help` loads them all. `import` is shared by transcripts and the two public data sets.
 */
export const COMMANDS: Record<string, () => Promise<RegisterCommand[]>> = {
  validate: async () => [(await import("./validate")).registerValidate],
  run: async () => [(await import("./run")).registerRun],
  compare: async () => [(await import("./compare")).registerCompare],
  comment: async () => [(await import("./comment")).registerComment],
  import: async () => {
    const [transcripts, datasets, labels, langfuse] = await Promise.all([
      import("./import"),
      import("./import-datasets"),
      import("./import-labels"),
      import("./import-langfuse"),
    ]);
    return [
      transcripts.registerImportTranscripts,
      datasets.registerImportDatasets,
      labels.registerImportLabels,
      langfuse.registerImportLangfuse,
    ];
  },
  judge: async () => [(await import("./judge")).registerJudge],
  agreement: async () => [(await import("./agreement")).registerAgreement],
  labels: async () => [(await import("./labels")).registerLabels],
  queue: async () => [(await import("./queue")).registerQueue],
  worker: async () => [(await import("./worker")).registerWorker],
  wait: async () => [(await import("./wait")).registerWait],
};

/** The commands a command line needs: its subcommand, none for --version, all for help or a typo. */
export function commandsFor(args: readonly string[]): string[] {
  const first = args[0];
  if (first !== undefined && Object.hasOwn(COMMANDS, first)) return [first];
  if (first === "--version" || first === "-V") return [];
  return Object.keys(COMMANDS);
}
