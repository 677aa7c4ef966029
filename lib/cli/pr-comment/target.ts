import { readFileSync } from "node:fs";
import { UsageError } from "../exit";

type Env = Record<string, string | undefined>;

/** Where one PR/MR comment lives and how to reach it: read from the CI's own variables. */
export interface CommentTarget {
  host: "github" | "gitlab";
  /** API root without a trailing slash: https://api.github.com, https://gitlab.com/api/v4. */
  api: string;
  /** The issue/MR comments collection, relative to the API root. */
  collection: string;
  /** One comment, relative to the API root. */
  item(id: string | number): string;
  headers: Record<string, string>;
  /** Said in messages: "pull request acme/agent#17". */
  label: string;
}

const need = (env: Env, name: string, why: string): string => {
  const value = env[name]?.trim();
  if (!value) throw new UsageError(`${name} is not set: ${why}`);
  return value;
};
const trimApi = (url: string) => url.replace(/\/+$/, "");

/** The PR number: from the event payload GitHub writes (GITHUB_EVENT_PATH), else refs/pull/N/merge. */
function githubPullNumber(env: Env): number {
  const eventPath = env.GITHUB_EVENT_PATH?.trim();
  if (eventPath) {
    try {
      const event = JSON.parse(readFileSync(eventPath, "utf8")) as {
        pull_request?: { number?: unknown };
        number?: unknown;
        issue?: { number?: unknown };
      };
      const n = event.pull_request?.number ?? event.issue?.number ?? event.number;
      if (typeof n === "number" && Number.isInteger(n) && n > 0) return n;
    } catch (error) {
      throw new UsageError(`GITHUB_EVENT_PATH ${eventPath}: not a readable event payload (${(error as Error).message})`);
    }
  }
  const ref = /^refs\/pull\/(\d+)\//.exec(env.GITHUB_REF?.trim() ?? "");
  if (ref) return Number(ref[1]);
  throw new UsageError(
    "no pull request here: neither the event payload (GITHUB_EVENT_PATH) nor GITHUB_REF (refs/pull/N/merge) names one — run `gavel comment` on pull_request events",
  );
}

export function githubTarget(env: Env): CommentTarget {
  const token = env.GITHUB_TOKEN?.trim() || env.GH_TOKEN?.trim();
  if (!token)
    throw new UsageError(
      "GITHUB_TOKEN is not set: pass the workflow's token (env: GITHUB_TOKEN: ${{ github.token }}) with pull-requests: write",
    );
  const repo = need(env, "GITHUB_REPOSITORY", "the repository (owner/name) the pull request belongs to");
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo)) throw new UsageError(`GITHUB_REPOSITORY must be owner/name, not "${repo}"`);
  const pr = githubPullNumber(env);
  const api = trimApi(env.GITHUB_API_URL?.trim() || "https://api.github.com");
  return {
    host: "github",
    api,
    collection: `/repos/${repo}/issues/${pr}/comments`,
    item: (id) => `/repos/${repo}/issues/comments/${id}`,
    headers: {
      authorization: `Bearer ${token}`,
      accept: "application/vnd.github+json",
      "x-github-api-version": "2022-11-28",
      "user-agent": "gavel-cli",
    },
    label: `pull request ${repo}#${pr}`,
  };
}

export function gitlabTarget(env: Env): CommentTarget {
  // CI_JOB_TOKEN cannot write merge request notes: a project or personal access token with the api scope can.
  const token = env.GAVEL_GITLAB_TOKEN?.trim() || env.GITLAB_TOKEN?.trim();
  if (!token)
    throw new UsageError(
      "GAVEL_GITLAB_TOKEN (or GITLAB_TOKEN) is not set: a project access token with the api scope, as a masked CI/CD variable",
    );
  const api = trimApi(need(env, "CI_API_V4_URL", "GitLab's API address (GitLab CI sets it)"));
  const project = need(env, "CI_PROJECT_ID", "the project (GitLab CI sets it)");
  const mr = need(env, "CI_MERGE_REQUEST_IID", "no merge request here: run `gavel comment --gitlab` in a merge request pipeline");
  if (!/^\d+$/.test(mr)) throw new UsageError(`CI_MERGE_REQUEST_IID must be a number, not "${mr}"`);
  const base = `/projects/${encodeURIComponent(project)}/merge_requests/${mr}/notes`;
  return {
    host: "gitlab",
    api,
    collection: base,
    item: (id) => `${base}/${id}`,
    headers: { "private-token": token, "user-agent": "gavel-cli" },
    label: `merge request !${mr} of project ${project}`,
  };
}
