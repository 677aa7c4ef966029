import type { RegisterCommand } from "./register";

export const registerCompare: RegisterCommand = (program, { logger }) => {
  program
    .command("compare")
    .description(
      "Compare two runs: tasks newly failing, newly passing, newly flaky and unchanged; metric deltas; the paired pass-rate difference with its 95% interval.",
    )
    .argument("<base>", "the earlier run: a run id in the database, or a results/<run-id>.json file")
    .argument("<head>", "the later run, the same way")
    .option("--json", "print the comparison as JSON")
    .option("--server <url>", "print links to this server's pages (default: GAVEL_SERVER); the runs are still read here")
    .option("--base-url <url>", "the same as --server (default: GAVEL_URL); without either, no links are printed")
    .action(async (baseRef: string, headRef: string, options: { json?: boolean; server?: string; baseUrl?: string }) => {
      // Loaded on use: every other command starts without the diff's dependencies.
      const { compareAction } = await import("./compare-action");
      await compareAction(logger, baseRef, headRef, options);
    });
};
