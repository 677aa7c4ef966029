import { describe, expect, it } from "vitest";
import { AgentSpecError } from "./errors";
import { checkRateLimitable, rateLimitKey } from "./specs";
import { AGENT_SPEC_HELP, AGENT_SPECS, agentSpecKind, resolveAgent } from "./specs";

describe("the agent spec table", () => {
  it("derives the CLI's help from its entries, in order", () => {
    expect(AGENT_SPEC_HELP).toBe("http(s)://host/path, cmd:<shell command>, module:path/to/agent.ts#export, or openai:MODEL[?base_url=…]");
    for (const kind of AGENT_SPECS) expect(AGENT_SPEC_HELP).toContain(kind.help);
  });

  it("routes every prefix to its own entry, and no prefix hides another", () => {
    const prefixes = AGENT_SPECS.flatMap((kind) => kind.prefixes);
    expect(prefixes).toEqual(["http://", "https://", "cmd:", "module:", "openai:"]);
    for (const kind of AGENT_SPECS)
      for (const prefix of kind.prefixes) expect(agentSpecKind(`${prefix}rest`)).toEqual({ kind, rest: "rest" });
    for (const a of prefixes) for (const b of prefixes) if (a !== b) expect(a.startsWith(b)).toBe(false);
  });

  it("refuses an unknown prefix with a usage error that lists the known ones", async () => {
    const error = await resolveAgent("ftp://host/agent").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentSpecError);
    expect((error as Error).message).toBe(`unknown agent spec "ftp://host/agent": use ${AGENT_SPEC_HELP}`);
    for (const kind of AGENT_SPECS) expect((error as Error).message).toContain(kind.help);
    expect(agentSpecKind("python agent.py")).toBeNull();
  });

  it("keeps each entry's own checks: a bad URL, an empty command, a model-less openai: spec", async () => {
    await expect(resolveAgent("http://")).rejects.toThrow("http:// is not a valid URL");
    await expect(resolveAgent("cmd:  ")).rejects.toThrow("cmd: needs a command, e.g. cmd:python agent.py");
    await expect(resolveAgent("openai:?base_url=http://127.0.0.1:9/v1")).rejects.toThrow("name the model");
  });

  it("builds the adapter of its entry, with the spec as written", async () => {
    const agent = await resolveAgent("  http://127.0.0.1:9/agent ");
    expect(agent.spec).toBe("http://127.0.0.1:9/agent");
    expect((await resolveAgent("cmd:node agent.js")).spec).toBe("cmd:node agent.js");
  });

  it("shares rate limits only for the entries Gavel calls over HTTP, and says which those are", () => {
    expect(AGENT_SPECS.filter((kind) => kind.limitKey !== null).map((kind) => kind.help)).toEqual([
      "http(s)://host/path",
      "openai:MODEL[?base_url=…]",
    ]);
    expect(rateLimitKey("https://agents.example/run?x=1")).toBe("http:https://agents.example/run");
    expect(rateLimitKey("cmd:python agent.py")).toBeNull();
    expect(rateLimitKey("unknown:thing")).toBeNull();
    expect(() => checkRateLimitable("module:agent.ts#run", { requestsPerMinute: 10 })).toThrow(
      "rate limits apply to agents Gavel calls over HTTP (http(s)://host/path, openai:MODEL[?base_url=…]); module:agent.ts makes its own requests",
    );
  });
});
