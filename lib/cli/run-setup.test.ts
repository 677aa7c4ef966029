import { describe, expect, it } from "vitest";
import { parseRunFlags, runSource } from "./run-setup";

const flags = (raw: Record<string, unknown> = {}, env: Record<string, string> = {}) =>
  parseRunFlags({ concurrency: "4", out: "results", baseline: "auto", ...raw }, env);
const noGit = () => ({ branch: null, commit: null });

describe("runSource", () => {
  it("takes the label from --agent-label, else GAVEL_AGENT_LABEL, else the suite's agent name — never the agent spec", () => {
    const suite = { agentLabel: "refund-agent" };
    expect(runSource(flags({ agentLabel: "bot" }), suite, {}, noGit).agentLabel).toBe("bot");
    expect(runSource(flags({}, { GAVEL_AGENT_LABEL: "env-bot" }), suite, {}, noGit).agentLabel).toBe("env-bot");
    expect(runSource(flags(), suite, {}, noGit).agentLabel).toBe("refund-agent");
    expect(runSource(flags({ agent: "module:agents.ts#agent" }), { agentLabel: null }, {}, noGit).agentLabel).toBeNull();
  });

  it("a shell on main without CI variables makes a default-branch run, from git", () => {
    const source = runSource(flags(), { agentLabel: "a" }, {}, () => ({ branch: "main", commit: "c0ffee" }));
    expect(source).toMatchObject({ branch: "main", commit: "c0ffee", onDefaultBranch: true, from: "git" });
    expect(runSource(flags(), { agentLabel: "a" }, {}, () => ({ branch: "fix", commit: "c" })).onDefaultBranch).toBe(false);
  });

  it("reads --base-url or GAVEL_URL and refuses a malformed one", () => {
    expect(flags({}, { GAVEL_URL: "https://gavel.example.com" }).baseUrl).toBe("https://gavel.example.com");
    expect(() => flags({ baseUrl: "gavel" })).toThrow(/--base-url must be a URL/);
  });
});
