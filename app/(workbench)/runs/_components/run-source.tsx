import Link from "next/link";
import type { RunPage } from "@/lib/db/run-page";

/** Branch and commit first, then suite, version, agent, trials, judge and the CI job. */
export function RunSource({ run }: { run: RunPage["run"] }) {
  const suiteName = run.suiteVersion.suite.name;
  const code = (text: string) => <code className="font-mono text-xs">{text}</code>;
  // Where the run came from leads: the branch and commit are what a reader of a failed run asks first.
  const where = run.gitBranch ? (
    <>
      branch {code(run.gitBranch)}
      {run.onDefaultBranch ? " (default)" : ""}
      {run.gitCommit ? <> @ commit {code(run.gitCommit.slice(0, 12))}</> : null}
    </>
  ) : run.gitCommit ? (
    <>commit {code(run.gitCommit.slice(0, 12))} (no branch)</>
  ) : (
    <>no branch or commit recorded</>
  );
  return (
    <>
      <span data-testid="run-where">{where}</span> · Suite{" "}
      <Link className="font-medium text-indigo-700 underline" href={`/suites/${encodeURIComponent(suiteName)}`}>
        {suiteName}
      </Link>{" "}
      version {code(run.suiteVersion.hash.slice(0, 12))} · agent {code(run.agentSpec)}
      {run.agentLabel && run.agentLabel !== run.agentSpec ? <> · label {code(run.agentLabel)}</> : null} · {run.trialsPerTask} trial
      {run.trialsPerTask === 1 ? "" : "s"} per task · judge{" "}
      {run.judgeVersion ? `${run.judgeVersion.judge.name} v${run.judgeVersion.version}` : "none"} · started {run.startedAt.toISOString()}
      {run.ciJob ? (
        <>
          {" "}
          ·{" "}
          {/^https?:\/\//.test(run.ciJob) ? (
            <a className="text-indigo-700 underline" href={run.ciJob} rel="noreferrer">
              CI job
            </a>
          ) : (
            <>CI job {run.ciJob}</>
          )}
        </>
      ) : null}
      {run.recordPath ? <> · record {code(run.recordPath)}</> : null}
    </>
  );
}
