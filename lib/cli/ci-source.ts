/**
 * Where a run comes from: commit, branch and CI job, read from the usual CI variables, overridden
 * by flags. The branch is the one being tested — for a pull or merge request its source branch, not
 * the target (env-ci reports the target, which is right for release tools and wrong here, so this
 * small table is kept by hand). Nothing is read from a local git checkout: a laptop run never
 * becomes the team's baseline unless it says --branch.
 */
export interface CiSource {
  commit: string | null;
  branch: string | null;
  ciJob: string | null;
  /** The repository's default branch when the CI says (GitLab does). */
  defaultBranch: string | null;
  /** Which CI it was read from, for the report. */
  ci: string | null;
  /** Where the branch and commit came from: a flag or GAVEL_* variable, the CI, the git checkout, or nowhere. */
  from?: "flags" | "ci" | "git" | null;
}

/** The checkout's branch and commit; null where git cannot say (no repository, detached HEAD, no git). */
export interface GitState {
  branch: string | null;
  commit: string | null;
}

type Env = Record<string, string | undefined>;

const v = (env: Env, name: string) => (env[name]?.trim() ? env[name]!.trim() : null);
const stripRef = (ref: string | null) => ref?.replace(/^refs\/(heads|tags)\//, "").replace(/^origin\//, "") ?? null;

const READERS: { ci: string; detect: (env: Env) => boolean; read: (env: Env) => Omit<CiSource, "ci"> }[] = [
  {
    ci: "GitHub Actions",
    detect: (env) => env.GITHUB_ACTIONS === "true",
    read: (env) => ({
      commit: v(env, "GITHUB_SHA"),
      // GITHUB_HEAD_REF is set only on pull requests: the PR's own branch.
      branch: v(env, "GITHUB_HEAD_REF") ?? (env.GITHUB_REF_TYPE === "tag" ? null : v(env, "GITHUB_REF_NAME")),
      ciJob:
        env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
          ? `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
          : null,
      defaultBranch: null,
    }),
  },
  {
    ci: "GitLab CI",
    detect: (env) => env.GITLAB_CI === "true",
    read: (env) => ({
      commit: v(env, "CI_COMMIT_SHA"),
      branch:
        v(env, "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME") ??
        v(env, "CI_COMMIT_BRANCH") ??
        (env.CI_COMMIT_TAG ? null : v(env, "CI_COMMIT_REF_NAME")),
      ciJob: v(env, "CI_JOB_URL"),
      defaultBranch: v(env, "CI_DEFAULT_BRANCH"),
    }),
  },
  {
    ci: "Buildkite",
    detect: (env) => env.BUILDKITE === "true",
    read: (env) => ({
      commit: v(env, "BUILDKITE_COMMIT"),
      branch: v(env, "BUILDKITE_BRANCH"),
      ciJob: v(env, "BUILDKITE_BUILD_URL"),
      defaultBranch: v(env, "BUILDKITE_PIPELINE_DEFAULT_BRANCH"),
    }),
  },
  {
    ci: "CircleCI",
    detect: (env) => env.CIRCLECI === "true",
    read: (env) => ({
      commit: v(env, "CIRCLE_SHA1"),
      branch: v(env, "CIRCLE_BRANCH"),
      ciJob: v(env, "CIRCLE_BUILD_URL"),
      defaultBranch: null,
    }),
  },
  {
    ci: "Jenkins",
    detect: (env) => Boolean(env.JENKINS_URL),
    read: (env) => ({
      commit: v(env, "GIT_COMMIT"),
      branch: v(env, "CHANGE_BRANCH") ?? stripRef(v(env, "BRANCH_NAME") ?? v(env, "GIT_BRANCH")),
      ciJob: v(env, "BUILD_URL"),
      defaultBranch: null,
    }),
  },
];

export interface SourceFlags {
  commit?: string;
  branch?: string;
  ciJob?: string;
  defaultBranch?: string;
}

/**
 * Flags first, then GAVEL_* variables, then the CI's own variables, then the git checkout (read
 * only when neither flags nor a CI gave a branch or commit: `git` is a process start).
 */
export function ciSource(
  env: Env,
  flags: SourceFlags = {},
  git: () => GitState = () => ({ branch: null, commit: null }),
): CiSource & { defaultBranch: string } {
  const reader = READERS.find((r) => r.detect(env));
  const fromCi = reader?.read(env) ?? { commit: null, branch: null, ciJob: null, defaultBranch: null };
  let commit = flags.commit ?? v(env, "GAVEL_COMMIT");
  let branch = flags.branch ?? v(env, "GAVEL_BRANCH");
  let from: CiSource["from"] = commit || branch ? "flags" : null;
  if (!commit && fromCi.commit) [commit, from] = [fromCi.commit, from ?? "ci"];
  if (!branch && fromCi.branch) [branch, from] = [fromCi.branch, from ?? "ci"];
  // A CI that names the commit but not the branch (a tag build) is not second-guessed by git.
  if (!reader && (!commit || !branch)) {
    const local = git();
    if (!commit && local.commit) [commit, from] = [local.commit, from ?? "git"];
    if (!branch && local.branch) [branch, from] = [local.branch, from ?? "git"];
  }
  return {
    ci: reader?.ci ?? null,
    commit,
    branch,
    ciJob: flags.ciJob ?? v(env, "GAVEL_CI_JOB") ?? fromCi.ciJob,
    defaultBranch: flags.defaultBranch ?? v(env, "GAVEL_DEFAULT_BRANCH") ?? fromCi.defaultBranch ?? "main",
    from,
  };
}
