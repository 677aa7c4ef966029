import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fileCassette, recordingProvider, replayProvider } from "../providers/cassette";
import type { ChatRequest, ModelProvider } from "../providers/types";
import { DEFAULT_CALL_POLICY, type CallDeps } from "./call";
import type { JudgeVersionLike } from "./request";
import { callKey, runJudge, type StoredVerdict } from "./run-judge";

const deps: CallDeps = { sleep: async () => {}, random: () => 0, now: () => 0 };
const dir = mkdtempSync(path.join(tmpdir(), "gavel-cassette-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const binary: JudgeVersionLike = {
  id: "v",
  hash: "h",
  provider: "openai",
  model: "m",
  baseUrl: null,
  promptTemplate: "Grade: {{output}}",
  params: { temperature: 0, maxTokens: 16, seed: null },
  parser: "pass_fail",
};

/** A provider that answers from the prompt and counts how many calls are in flight at once. */
function scripted(answer: (prompt: string, call: number) => string) {
  let inFlight = 0;
  let calls = 0;
  const stats = { maxInFlight: 0, calls: 0 };
  const provider: ModelProvider = {
    name: "scripted",
    async complete(request: ChatRequest) {
      inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
      const n = calls++;
      stats.calls = calls;
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      const text = answer(request.messages[0]!.content, n);
      return { text, tokensIn: 1, tokensOut: 1, raw: JSON.stringify({ text }), rawRequest: request };
    },
  };
  return { provider, stats };
}

const items = Array.from({ length: 12 }, (_, i) => ({ transcriptId: `t${i}`, input: { taskPrompt: "p", output: `output ${i}` } }));

describe("runJudge", () => {
  it("never has more calls in flight than the concurrency, and saves every call", async () => {
    const { provider, stats } = scripted((prompt) => (/output \d*[02468]$/.test(prompt) ? "PASS" : "FAIL"));
    const saved: StoredVerdict[] = [];
    const progress = await runJudge(
      binary,
      items,
      { concurrency: 3, repeats: 1, bothOrders: false },
      { provider, policy: DEFAULT_CALL_POLICY, deps, save: async (v) => void saved.push(v) },
    );
    expect(stats.maxInFlight).toBeLessThanOrEqual(3);
    expect(stats.maxInFlight).toBeGreaterThan(1);
    expect(progress).toMatchObject({ total: 12, completed: 12, ok: 12, error: 0 });
    expect(saved.find((v) => v.transcriptId === "t4")?.value).toBe("pass");
    expect(saved.find((v) => v.transcriptId === "t5")?.value).toBe("fail");
  });

  it("asks each item k times when repeating, and skips calls already answered", async () => {
    const { provider, stats } = scripted((_p, n) => (n % 3 === 0 ? "FAIL" : "PASS"));
    const saved: StoredVerdict[] = [];
    const done = new Set([callKey("t0", "original", 0), callKey("t0", "original", 1)]);
    const progress = await runJudge(
      binary,
      items.slice(0, 2),
      { concurrency: 2, repeats: 3, bothOrders: false, done },
      { provider, policy: DEFAULT_CALL_POLICY, deps, save: async (v) => void saved.push(v) },
    );
    expect(progress).toMatchObject({ total: 4, alreadyDone: 2 });
    expect(stats.calls).toBe(4);
    expect(saved.map((v) => callKey(v.transcriptId, v.order, v.repeat)).sort()).toEqual([
      "t0/original/2",
      "t1/original/0",
      "t1/original/1",
      "t1/original/2",
    ]);
  });

  it("asks a pairwise judge in both orders only when asked to", async () => {
    const pairwise = { ...binary, parser: "pairwise", promptTemplate: "{{output_a}} vs {{output_b}}" };
    const pairItems = [{ transcriptId: "p1", input: { taskPrompt: "p", outputA: "short", outputB: "a much longer answer" } }];
    // A judge with position bias: always picks whatever is shown first.
    const { provider } = scripted(() => "A");
    const saved: StoredVerdict[] = [];
    await runJudge(
      pairwise,
      pairItems,
      { concurrency: 1, repeats: 1, bothOrders: true },
      { provider, policy: DEFAULT_CALL_POLICY, deps, save: async (v) => void saved.push(v) },
    );
    expect(saved.map((v) => [v.order, v.value]).sort()).toEqual([
      ["original", "A"],
      ["swapped", "B"],
    ]);

    const once: StoredVerdict[] = [];
    await runJudge(
      binary,
      items.slice(0, 1),
      { concurrency: 1, repeats: 1, bothOrders: true },
      { provider: scripted(() => "PASS").provider, policy: DEFAULT_CALL_POLICY, deps, save: async (v) => void once.push(v) },
    );
    expect(once.map((v) => v.order)).toEqual(["original"]);
  });
});

describe("record and replay", () => {
  it("records every call keyed by the request hash, and a replay answers the same without the live provider", async () => {
    const file = path.join(dir, "judge.json");
    const live = scripted((prompt) => (prompt.endsWith("1") ? "FAIL: off by one" : "PASS: fine"));
    const recorded: StoredVerdict[] = [];
    await runJudge(
      binary,
      items.slice(0, 3),
      { concurrency: 2, repeats: 1, bothOrders: false },
      {
        provider: recordingProvider(live.provider, fileCassette(file)),
        policy: DEFAULT_CALL_POLICY,
        deps,
        save: async (v) => void recorded.push(v),
      },
    );
    const onDisk = JSON.parse(readFileSync(file, "utf8")) as { entries: { requestHash: string }[] };
    expect(onDisk.entries.map((e) => e.requestHash).sort()).toEqual(recorded.map((v) => v.requestHash).sort());

    const replayed: StoredVerdict[] = [];
    const replayVersion = { ...binary, provider: "replay" };
    const progress = await runJudge(
      replayVersion,
      items.slice(0, 4),
      { concurrency: 2, repeats: 1, bothOrders: false },
      {
        provider: replayProvider(fileCassette(file)),
        policy: DEFAULT_CALL_POLICY,
        deps,
        save: async (v) => void replayed.push(v),
      },
    );
    const byId = (list: StoredVerdict[]) => Object.fromEntries(list.map((v) => [v.transcriptId, [v.status, v.value, v.reason]]));
    expect(byId(replayed)).toEqual({ ...byId(recorded), t3: ["error", null, null] });
    expect(replayed.find((v) => v.transcriptId === "t3")?.error).toMatch(/No recorded answer/);
    expect(progress).toMatchObject({ ok: 3, error: 1 });
    expect(live.stats.calls).toBe(3);
  });

  it("refuses a malformed cassette file, naming where", async () => {
    const { writeFileSync } = await import("node:fs");
    const file = path.join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ format: "gavel-cassette", version: 1, entries: [{ requestHash: "nope" }] }));
    expect(() => fileCassette(file)).toThrow(/bad\.json is malformed at entries\.0\.requestHash/);
  });
});
