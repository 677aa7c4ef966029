import { describe, expect, it } from "vitest";
import { DEFAULT_CALL_POLICY } from "../judges/call";
import { judgeOne } from "../judges/judge-one";
import { JUDGE_PROVIDER_NAMES } from "../providers/registry";
import { JUDGE_PROVIDER_BUILDERS, judgeHostAllowed, keyFor, providerForVersion } from "./providers";
import type { JudgeVersionLike } from "../judges/request";

const version = (provider: string, baseUrl: string | null): JudgeVersionLike => ({
  id: "v",
  hash: "h",
  provider,
  model: "m",
  baseUrl,
  promptTemplate: "{{output}}",
  params: {},
  parser: "pass_fail",
});

/** A fetch that records where it was sent and with which headers, and answers PASS. */
function recordingFetch() {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, headers: Object.fromEntries(new Headers(init?.headers)) });
    const body = url.endsWith("/messages")
      ? { content: [{ type: "text", text: "PASS" }], usage: {} }
      : { choices: [{ message: { content: "PASS" } }], usage: {} };
    return new Response(JSON.stringify(body), { status: 200 });
  };
  return { calls, fetch };
}

const deps = { sleep: async () => {}, random: () => 0, now: () => 0 };

/** One item judged by `v` through the provider the app would build for it from `options` (env and fetch). */
const judgeWith = (v: JudgeVersionLike, options: Parameters<typeof providerForVersion>[1]) =>
  judgeOne(v, { taskPrompt: "t", output: "o" }, "original", {
    provider: providerForVersion(v, options),
    policy: DEFAULT_CALL_POLICY,
    deps,
  });

describe("providerForVersion", () => {
  it("builds every provider the registry names from its {create} entry, and refuses a name it does not, listing the known ones", () => {
    expect(Object.keys(JUDGE_PROVIDER_BUILDERS).sort()).toEqual([...JUDGE_PROVIDER_NAMES].sort());
    for (const name of JUDGE_PROVIDER_NAMES) expect(() => providerForVersion({ provider: name, baseUrl: null }, { env: {} })).not.toThrow();
    expect(() => providerForVersion({ provider: "nonsense", baseUrl: null }, { env: {} })).toThrow(
      'Unknown judge provider "nonsense": use openai, anthropic or replay.',
    );
    // "toString" is on every object's prototype: only the table's own entries are providers.
    expect(() => providerForVersion({ provider: "toString", baseUrl: null }, { env: {} })).toThrow(/Unknown judge provider/);
  });

  it("sends the environment's key to the configured endpoint only", async () => {
    const env = { OPENAI_API_KEY: "sk-server", OPENAI_BASE_URL: "https://llm.internal.example/v1" };
    const sent = recordingFetch();
    const ok = await judgeWith(version("openai", null), { env, fetch: sent.fetch });
    expect(ok.status).toBe("ok");
    expect(sent.calls[0]).toMatchObject({
      url: "https://llm.internal.example/v1/chat/completions",
      headers: { authorization: "Bearer sk-server" },
    });

    // An allowed host that is not the configured endpoint (an Ollama or vLLM box) is called keyless: the key stays home.
    const elsewhere = recordingFetch();
    const other = version("openai", "https://gpu.example.net/v1");
    const allowedEnv = { ...env, GAVEL_JUDGE_HOSTS: "gpu.example.net" };
    const keyless = await judgeWith(other, { env: allowedEnv, fetch: elsewhere.fetch });
    expect(keyless.status).toBe("ok");
    expect(elsewhere.calls[0]!.url).toBe("https://gpu.example.net/v1/chat/completions");
    expect(elsewhere.calls[0]!.headers.authorization).toBeUndefined();
    expect(JSON.stringify(elsewhere.calls)).not.toContain("sk-server");

    // The public API with another endpoint configured: the global key is not sent there, and it never answers keyless.
    const publicApi = recordingFetch();
    const real = version("openai", "https://api.openai.com/v1");
    const skipped = await judgeWith(real, { env, fetch: publicApi.fetch });
    expect(skipped).toMatchObject({ status: "skipped", reason: "no API key" });
    expect(skipped.error).toContain("name a variable for this version's key (apiKeyEnv)");
    expect(publicApi.calls).toHaveLength(0);
  });

  it("sends a version's own key variable to its base URL, and skips naming the variable when it is unset", async () => {
    // A keyless local server and real OpenAI in one deployment: OPENAI_BASE_URL points at the local box.
    const env = { OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", OPENAI_API_KEY: "sk-global", OPENAI_PROD_API_KEY: "sk-prod" };
    const sent = recordingFetch();
    const prod = { ...version("openai", "https://api.openai.com/v1"), params: { apiKeyEnv: "OPENAI_PROD_API_KEY" } };
    const ok = await judgeWith(prod, { env, fetch: sent.fetch });
    expect(ok.status).toBe("ok");
    expect(sent.calls[0]).toMatchObject({
      url: "https://api.openai.com/v1/chat/completions",
      headers: { authorization: "Bearer sk-prod" },
    });

    const unset = { ...prod, params: { apiKeyEnv: "MISSING_API_KEY" } };
    const skipped = await judgeWith(unset, { env, fetch: sent.fetch });
    expect(skipped).toMatchObject({ status: "skipped", reason: "no API key" });
    expect(skipped.error).toContain("MISSING_API_KEY (named by this judge version) is not set");
    expect(sent.calls).toHaveLength(1);

    // Naming a global variable does not widen where it goes: OPENAI_API_KEY still goes only to OPENAI_BASE_URL.
    const global = { ...prod, params: { apiKeyEnv: "OPENAI_API_KEY" } };
    const refused = await judgeWith(global, { env, fetch: sent.fetch });
    expect(refused.status).toBe("skipped");
    expect(sent.calls).toHaveLength(1);
  });

  it("calls a local server keyless, and Anthropic's public API with its key", async () => {
    const local = recordingFetch();
    const ollama = version("openai", "http://127.0.0.1:11434/v1");
    await judgeWith(ollama, { env: { OPENAI_API_KEY: "sk-server" }, fetch: local.fetch });
    expect(local.calls[0]!.headers.authorization).toBeUndefined();

    const anthropic = recordingFetch();
    const claude = version("anthropic", null);
    await judgeWith(claude, { env: { ANTHROPIC_API_KEY: "sk-ant" }, fetch: anthropic.fetch });
    expect(anthropic.calls[0]).toMatchObject({ url: "https://api.anthropic.com/v1/messages", headers: { "x-api-key": "sk-ant" } });
  });

  it("refuses a base URL outside the allowed hosts without calling it, as an error, never a verdict", async () => {
    const sent = recordingFetch();
    for (const baseUrl of [
      "http://169.254.169.254/latest",
      "http://10.0.0.5:8080/v1",
      "https://collector.example.net/v1",
      "file:///etc/passwd",
    ]) {
      const target = version("openai", baseUrl);
      const outcome = await judgeWith(target, { env: {}, fetch: sent.fetch });
      expect(outcome.status, baseUrl).toBe("error");
      expect(outcome.value).toBeNull();
    }
    expect(sent.calls).toHaveLength(0);
    expect(judgeHostAllowed("http://127.0.0.1:11434/v1", {})).toBe(true);
    expect(judgeHostAllowed("https://api.anthropic.com/v1", {})).toBe(true);
    expect(judgeHostAllowed("http://ollama.lan:11434/v1", { GAVEL_JUDGE_HOSTS: "gpu.lan, ollama.lan:11434" })).toBe(true);
    expect(judgeHostAllowed("http://ollama.lan:9999/v1", { GAVEL_JUDGE_HOSTS: "ollama.lan:11434" })).toBe(false);
  });

  it("compares origins, not strings", () => {
    expect(keyFor("https://api.openai.com/v1/", "https://api.openai.com/v1", "k")).toBe("k");
    expect(keyFor("https://api.openai.com.evil.example/v1", "https://api.openai.com/v1", "k")).toBeUndefined();
    expect(keyFor("https://api.openai.com/v1", "https://api.openai.com/v1", "  ")).toBeUndefined();
  });
});

describe("redirects", () => {
  it("an allowed host answering 307 to a disallowed one: nothing reaches the other host, the error names it", async () => {
    const { createServer } = await import("node:http");
    const listen = (server: import("node:http").Server, host: string) =>
      new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as { port: number }).port)));
    let stolen = 0;
    const elsewhere = createServer((req, res) => {
      stolen++;
      req.resume();
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ choices: [{ message: { content: "PASS" } }], usage: {} }));
    });
    // 127.0.0.2 is this machine too, but not on the allowlist (127.0.0.1, localhost, [::1]).
    const elsewherePort = await listen(elsewhere, "127.0.0.2");
    let redirected = 0;
    const allowed = createServer((req, res) => {
      redirected++;
      req.resume();
      res.writeHead(307, { location: `http://127.0.0.2:${elsewherePort}/v1/chat/completions` }).end();
    });
    const allowedPort = await listen(allowed, "127.0.0.1");
    try {
      const v = version("openai", `http://127.0.0.1:${allowedPort}/v1`);
      const env = { OPENAI_API_KEY: "sk-secret", OPENAI_BASE_URL: `http://127.0.0.1:${allowedPort}/v1` };
      for (let i = 0; i < 5; i++) {
        const outcome = await judgeWith(v, { env });
        expect(outcome.status).toBe("error");
        expect(outcome.error).toContain(
          `answered with a redirect (307) to http://127.0.0.2:${elsewherePort}; judge calls never follow redirects`,
        );
      }
      expect(redirected).toBe(5);
      expect(stolen).toBe(0);
    } finally {
      allowed.close();
      elsewhere.close();
    }
  });
});
