import Link from "next/link";
import type { RunPage } from "@/lib/db/run-page";

/** Suite, version, agent, trials, judge, and where the run came from (branch, commit, CI job). */
export function RunSource({ run }: { run: RunPage["run"] }) {
  const suiteName = run.suiteVersion.suite.name;
  const code = (text: string) => <code className="font-mono text-xs">{text}</code>;
  return (
    <>
      Suite{" "}
      <Link className="font-medium text-indigo-700 underline" href={`/suites/${encodeURIComponent(suiteName)}`}>
        {suiteName}
      </Link>{" "}
      version {code(run.suiteVersion.hash.slice(0, 12))} · agent {code(run.agentSpec)}
      {run.agentLabel && run.agentLabel !== run.agentSpec ? <> · label {code(run.agentLabel)}</> : null} · {run.trialsPerTask} trial
      {run.trialsPerTask === 1 ? "" : "s"} per task · judge{" "}
      {run.judgeVersion ? `${run.judgeVersion.judge.name} v${run.judgeVersion.version}` : "none"} · started {run.startedAt.toISOString()}
      {run.gitBranch ? (
        <>
          {" "}
          · branch {code(run.gitBranch)}
          {run.onDefaultBranch ? " (default)" : ""}
        </>
      ) : null}
      {run.gitCommit ? <> · commit {code(run.gitCommit.slice(0, 12))}</> : null}
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
