import { z } from "zod";
import type { LoadedSuite } from "@/datasets/load";
import { AgentSpecError, resolveAgent } from "@/lib/engine/agents";
import type { BaselineRequest, RunSource } from "@/lib/engine/record";
import type { Agent } from "@/lib/trial/types";
import { ciSource, type CiSource, type GitState } from "./ci-source";
import { readGitState } from "./git-state";
import { UsageError } from "./exit";
import { parseFlags } from "./user-input";

const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export const RunFlagsSchema = z.object({
  agent: z.string().min(1).optional(),
  trials: z.coerce
    .number({ error: "--trials must be a number" })
    .int("--trials must be a whole number")
    .min(1, "--trials must be at least 1")
    .max(1000)
    .optional(),
  concurrency: z.coerce
    .number({ error: "--concurrency must be a number" })
    .int("--concurrency must be a whole number")
    .min(1, "--concurrency must be at least 1")
    .max(1024),
  threshold: z.coerce
    .number({ error: "--threshold must be a number" })
    .min(0, "--threshold is a rate in [0, 1]")
    .max(1, "--threshold is a rate in [0, 1]")
    .optional(),
  out: z.string().min(1),
  junit: z.string().min(1).optional(),
  summaryMd: z.string().min(1).optional(),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
  agentLabel: z.string().trim().min(1, "--agent-label must not be empty").max(200).optional(),
  commit: z.string().trim().min(1).max(200).optional(),
  branch: z.string().trim().min(1).max(300).optional(),
  ciJob: z.string().trim().min(1).max(2000).optional(),
  defaultBranch: z.string().trim().min(1).max(300).optional(),
  baseline: z
    .string()
    .refine((v) => v === "auto" || v === "none" || RUN_ID.test(v), "--baseline is auto, none or a run id")
    .default("auto"),
  resume: z.string().regex(RUN_ID, "--resume needs a run id").optional(),
  server: z.url({ error: "--server must be a URL such as https://gavel.example.com" }).optional(),
  token: z.string().min(1).optional(),
  baseUrl: z.url({ error: "--base-url must be a URL such as https://gavel.example.com" }).optional(),
});

export type RunFlags = z.output<typeof RunFlagsSchema>;

/** Flags, with GAVEL_SERVER / GAVEL_TOKEN / GAVEL_AGENT_LABEL from the environment when not given. */
export function parseRunFlags(raw: Record<string, unknown>, env: Record<string, string | undefined> = process.env): RunFlags {
  const withEnv = {
    ...raw,
    server: raw.server ?? (env.GAVEL_SERVER?.trim() || undefined),
    token: raw.token ?? (env.GAVEL_TOKEN?.trim() || undefined),
    agentLabel: raw.agentLabel ?? (env.GAVEL_AGENT_LABEL?.trim() || undefined),
    baseUrl: raw.baseUrl ?? (env.GAVEL_URL?.trim() || undefined),
  };
  const flags = parseFlags(RunFlagsSchema, withEnv);
  if (flags.token && !flags.server)
    throw new UsageError("--token (or GAVEL_TOKEN) needs --server (or GAVEL_SERVER): where should the run go?");
  if (flags.server && !flags.token)
    throw new UsageError("--server needs a token: pass --token or set GAVEL_TOKEN (create one on the server's API tokens page).");
  return flags;
}

export function baselineRequest(flag: string): BaselineRequest {
  return flag === "auto" || flag === "none" ? flag : { runId: flag };
}

/**
 * Where the run comes from. The label is --agent-label (or GAVEL_AGENT_LABEL), else the suite's
 * `agent:` name, else none — never the agent spec, which made every run incomparable without a word.
 */
export function runSource(
  flags: RunFlags,
  suite: { agentLabel: string | null },
  env: Record<string, string | undefined> = process.env,
  git: () => GitState = readGitState,
): RunSource & { ci: string | null; from: CiSource["from"] } {
  const found = ciSource(env, flags, git);
  return {
    ci: found.ci,
    from: found.from ?? null,
    agentLabel: flags.agentLabel ?? suite.agentLabel,
    commit: found.commit,
    branch: found.branch,
    ciJob: found.ciJob,
    defaultBranch: found.defaultBranch,
    onDefaultBranch: found.branch !== null && found.branch === found.defaultBranch,
  };
}

export async function agentFor(spec: string): Promise<Agent> {
  try {
    return await resolveAgent(spec);
  } catch (error) {
    if (error instanceof AgentSpecError) throw new UsageError(`--agent: ${error.message}`);
    throw error;
  }
}

/** What a resumed run must keep: the same suite version and agent; its k and threshold come from the run. */
export function checkResume(
  flags: RunFlags,
  suite: LoadedSuite,
  run: { id: string; suiteHash: string; suiteName: string; agentSpec: string; trialsPerTask: number },
) {
  if (run.suiteHash !== suite.hash) {
    throw new UsageError(
      `--resume ${run.id}: the suite changed since the run started (version ${run.suiteHash.slice(0, 12)} of ${run.suiteName}, now ${suite.hash.slice(0, 12)} of ${suite.name}); start a new run instead`,
    );
  }
  if (flags.agent && flags.agent !== run.agentSpec)
    throw new UsageError(`--resume ${run.id}: the run used --agent ${run.agentSpec}; a resumed run keeps its agent`);
  if (flags.trials !== undefined && flags.trials !== run.trialsPerTask)
    throw new UsageError(`--resume ${run.id}: the run has ${run.trialsPerTask} trials per task; a resumed run keeps them`);
}
