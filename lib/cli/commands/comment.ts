import { readFileSync } from "node:fs";
import { EXIT, UsageError } from "../exit";
import { gitlabTarget, githubTarget } from "../pr-comment/target";
import { CommentApiError, upsertComment } from "../pr-comment/upsert";
import type { RegisterCommand } from "./register";

/** Comments GitHub and GitLab accept: both refuse bodies much past 64 KB. */
const MAX_BODY = 60_000;

export const registerComment: RegisterCommand = (program, { logger }) => {
  program
    .command("comment")
    .description(
      "Post the run's Markdown summary (gavel run --summary-md) as ONE pull/merge request comment, editing Gavel's earlier comment instead of adding another. Token, repository and PR come from the CI's variables.",
    )
    .option(
      "--github",
      "comment on the GitHub pull request (GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_EVENT_PATH or GITHUB_REF; GITHUB_API_URL)",
    )
    .option(
      "--gitlab",
      "comment on the GitLab merge request (GAVEL_GITLAB_TOKEN or GITLAB_TOKEN, CI_API_V4_URL, CI_PROJECT_ID, CI_MERGE_REQUEST_IID)",
    )
    .option("--file <summary.md>", "the summary to post", "gavel-summary.md")
    .option("--key <name>", "one comment per key: use one per suite when a job comments several", "summary")
    .action(async (options: { github?: boolean; gitlab?: boolean; file: string; key: string }) => {
      if (Boolean(options.github) === Boolean(options.gitlab)) throw new UsageError("say where to comment: --github or --gitlab");
      if (!/^[\w.-]{1,100}$/.test(options.key)) throw new UsageError("--key is letters, digits, '.', '_' and '-'");
      let summary: string;
      try {
        summary = readFileSync(options.file, "utf8");
      } catch (error) {
        throw new UsageError(
          `--file ${options.file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file (write it with gavel run --summary-md)" : (error as Error).message}`,
        );
      }
      if (!summary.trim()) throw new UsageError(`--file ${options.file} is empty: nothing to post`);
      if (summary.length > MAX_BODY) summary = `${summary.slice(0, MAX_BODY)}\n\n… (cut: the full summary is in the job's artifacts)\n`;
      const target = options.github ? githubTarget(process.env) : gitlabTarget(process.env);
      try {
        const done = await upsertComment(target, summary, { key: options.key });
        logger.out(
          `${done.action === "created" ? "Posted" : "Updated"} the Gavel comment on ${target.label}${done.url ? `: ${done.url}` : ""}`,
        );
      } catch (error) {
        // The API refused or could not be reached: neither a pass nor a fail of the run (exit 3).
        if (!(error instanceof CommentApiError) && !(error instanceof TypeError)) throw error;
        logger.error(`could not comment on ${target.label}: ${error.message}`);
        process.exitCode = EXIT.internal;
      }
    });
};
