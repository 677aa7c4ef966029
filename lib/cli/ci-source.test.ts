import { describe, expect, it } from "vitest";
import { ciSource } from "./ci-source";

describe("ciSource", () => {
  it("reads a GitHub Actions push: the branch from GITHUB_REF_NAME, the job URL from the run", () => {
    const env = {
      GITHUB_ACTIONS: "true",
      GITHUB_SHA: "abc123",
      GITHUB_REF_NAME: "main",
      GITHUB_REF_TYPE: "branch",
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_REPOSITORY: "acme/agent",
      GITHUB_RUN_ID: "42",
    };
    expect(ciSource(env)).toEqual({
      ci: "GitHub Actions",
      commit: "abc123",
      branch: "main",
      ciJob: "https://github.com/acme/agent/actions/runs/42",
      defaultBranch: "main",
      from: "ci",
    });
  });

  it("takes a pull request's own branch, not its merge ref or target", () => {
    const env = {
      GITHUB_ACTIONS: "true",
      GITHUB_SHA: "def",
      GITHUB_REF_NAME: "17/merge",
      GITHUB_HEAD_REF: "fix-refunds",
      GITHUB_BASE_REF: "main",
    };
    expect(ciSource(env).branch).toBe("fix-refunds");
    const gitlab = {
      GITLAB_CI: "true",
      CI_COMMIT_SHA: "9f",
      CI_COMMIT_REF_NAME: "fix",
      CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: "fix",
      CI_MERGE_REQUEST_TARGET_BRANCH_NAME: "trunk",
      CI_DEFAULT_BRANCH: "trunk",
      CI_JOB_URL: "https://gitlab.example/p/-/jobs/7",
    };
    expect(ciSource(gitlab)).toEqual({
      ci: "GitLab CI",
      commit: "9f",
      branch: "fix",
      ciJob: "https://gitlab.example/p/-/jobs/7",
      defaultBranch: "trunk",
      from: "ci",
    });
  });

  it("lets flags win over GAVEL_* variables, and those over the CI's", () => {
    const env = { GITLAB_CI: "true", CI_COMMIT_BRANCH: "dev", GAVEL_BRANCH: "release", CI_DEFAULT_BRANCH: "trunk" };
    expect(ciSource(env).branch).toBe("release");
    expect(ciSource(env, { branch: "main", defaultBranch: "main" })).toMatchObject({ branch: "main", defaultBranch: "main" });
  });

  it("outside CI, reads the branch and commit from the git checkout", () => {
    const git = () => ({ branch: "main", commit: "0123abc" });
    expect(ciSource({}, {}, git)).toEqual({ ci: null, commit: "0123abc", branch: "main", ciJob: null, defaultBranch: "main", from: "git" });
    // A flag still wins; git fills only what is missing.
    expect(ciSource({}, { branch: "feature" }, git)).toMatchObject({ branch: "feature", commit: "0123abc", from: "flags" });
  });

  it("does not ask git inside a CI, and says nothing when git cannot (no checkout, detached HEAD)", () => {
    let asked = 0;
    const git = () => (asked++, { branch: "laptop", commit: "x" });
    expect(ciSource({ GITHUB_ACTIONS: "true", GITHUB_SHA: "s", GITHUB_REF_TYPE: "tag", GITHUB_REF_NAME: "v1" }, {}, git).branch).toBeNull();
    expect(asked).toBe(0);
    expect(ciSource({ CI: "true" }, {}, () => ({ branch: null, commit: null }))).toEqual({
      ci: null,
      commit: null,
      branch: null,
      ciJob: null,
      defaultBranch: "main",
      from: null,
    });
  });

  it("strips origin/ from Jenkins' GIT_BRANCH and prefers a change request's branch", () => {
    expect(ciSource({ JENKINS_URL: "http://j", GIT_BRANCH: "origin/main", GIT_COMMIT: "c", BUILD_URL: "http://j/1" })).toMatchObject({
      branch: "main",
      ciJob: "http://j/1",
    });
    expect(ciSource({ JENKINS_URL: "http://j", CHANGE_BRANCH: "feature", BRANCH_NAME: "PR-3" }).branch).toBe("feature");
  });
});
