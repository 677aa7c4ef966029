import { describe, expect, it } from "vitest";
import { approveJudgeVersion, loadJudgeStatus } from "./approvals";
import { listAuditEvents } from "../db/audit";
import { db } from "../db/client";
import { lastUserText, startMockLlmServer } from "../providers/mock-server";
import { passFailJudgeSpec, recordReplayVerdicts, seedJudgeVersion, seedLabelSet, seedUser, type SeedItem } from "../testing/seed-judges";
import { withTestDatabase } from "../testing/test-database";
import { runCanary } from "./canary-run";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "./label-set-run";
import { mockLlmForFile } from "../testing/mock-llm-hooks";

withTestDatabase();

/** The provider's model: "one" judges right; after the "model change" ("two") it says the opposite on two items in three. */
const model = { fingerprint: "fp_one", changed: false };
const server = mockLlmForFile(() =>
  startMockLlmServer({
    flavor: "openai",
    reply: ({ body }) => {
      const prompt = lastUserText(body);
      const right = prompt.includes("good answer");
      const n = Number(/answer (\d+)/.exec(prompt)?.[1] ?? 0);
      const says = model.changed && n % 3 !== 0 ? !right : right;
      return { text: says ? "PASS: fine" : "FAIL: not fine", fingerprint: model.fingerprint };
    },
  }),
);

const items = (prefix: string): SeedItem[] => [
  ...Array.from({ length: 30 }, (_, i) => ({ key: `${prefix}-g${i}`, split: "test" as const, output: `good answer ${i}`, gold: "pass" })),
  ...Array.from({ length: 30 }, (_, i) => ({ key: `${prefix}-b${i}`, split: "test" as const, output: `bad answer ${i}`, gold: "fail" })),
];

describe("the canary re-check", () => {
  it("passes, holds for its period while the fingerprint stays, and demotes at once when the model behind the name changes", async () => {
    const admin = await seedUser("admin-canary@example.com");
    const set = await seedLabelSet({ name: "canary-set", kind: "binary", items: items("c") });
    const version = await seedJudgeVersion("canary-judge", passFailJudgeSpec("canary-model", server.baseUrl, "{{output}}\nPASS or FAIL?"));
    await runJudgeOnLabelSet({ versionId: version.id, queueId: set.queueId, split: "test" });
    await calibrateOnLabelSet({ versionId: version.id, queueId: set.queueId, split: "test", actorId: null });
    await approveJudgeVersion(version.id, admin.id);
    expect((await loadJudgeStatus(version.id)).approval!.fingerprint).toBe("fp_one");

    let before = server.requests.length;
    const first = await runCanary(await loadJudgeStatus(version.id));
    expect(first).toMatchObject({ outcome: "passed", demoted: false, fingerprint: "fp_one" });
    expect(first.reason).toMatch(/^κ 1\.000 \[1\.000, 1\.000\] on 20 items, 0 of 20 verdicts changed$/);
    expect(server.requests.length - before).toBe(20);
    const check = await db().canaryCheck.findFirstOrThrow({ where: { judgeVersionId: version.id } });
    const sample = check.items as { gold: string }[];
    expect(sample.filter((i) => i.gold === "pass")).toHaveLength(10);

    // Within its period, one probe call: same fingerprint, the passed canary holds.
    before = server.requests.length;
    expect(await runCanary(await loadJudgeStatus(version.id))).toMatchObject({ outcome: "cached" });
    expect(server.requests.length - before).toBe(1);

    // Past its period, the whole canary runs again even with the same fingerprint.
    before = server.requests.length;
    const later = new Date(Date.now() + 25 * 3_600_000);
    expect(await runCanary(await loadJudgeStatus(version.id, { now: later }), { now: later })).toMatchObject({ outcome: "passed" });
    expect(server.requests.length - before).toBe(20);

    // The provider changes the model behind the same name: a new fingerprint, different answers.
    model.fingerprint = "fp_two";
    model.changed = true;
    before = server.requests.length;
    const failed = await runCanary(await loadJudgeStatus(version.id, { now: later }), { now: later });
    expect(server.requests.length - before).toBe(20);
    expect(failed).toMatchObject({ outcome: "failed", demoted: true, fingerprint: "fp_two" });
    expect(failed.reason).toMatch(
      /^the provider's fingerprint changed \(fp_one → fp_two\); .*verdicts differ from the approved calibration's \(flip rate 0\.\d{3} > 0\.20\)$/,
    );
    const status = await loadJudgeStatus(version.id);
    expect(status).toMatchObject({ state: "demoted", gating: false });
    expect(status.reason).toBe(`the canary re-check failed: ${failed.reason}`);

    const events = (await listAuditEvents({ targetType: "judge_version", targetId: version.id })).map(
      (e) => `${e.action}${e.action === "judge.canary_checked" ? `:${(e.details as { outcome: string }).outcome}` : ""}`,
    );
    expect(events.reverse()).toEqual([
      "judge_version.created",
      "judge.approved",
      "judge.canary_checked:passed",
      "judge.canary_checked:passed",
      "judge.canary_checked:failed",
      "judge.demoted",
    ]);

    // Demoted, it has no canary to run until an admin approves it again...
    expect(await runCanary(status)).toMatchObject({ outcome: "not run" });
    // ...which needs a calibration made since, and that one asks the model now behind the name
    // again rather than reusing the answers the old one gave.
    await expect(approveJudgeVersion(version.id, admin.id)).rejects.toThrow(
      /it was demoted \(the canary re-check failed: .*\) after its newest calibration there\. Run and calibrate it again first\./,
    );
    before = server.requests.length;
    expect(await runJudgeOnLabelSet({ versionId: version.id, queueId: set.queueId, split: "test" })).toMatchObject({
      completed: 60,
      alreadyDone: 0,
    });
    expect(server.requests.length - before).toBe(60);
    const recalibrated = await calibrateOnLabelSet({ versionId: version.id, queueId: set.queueId, split: "test", actorId: null });
    expect(recalibrated.kappa!).toBeLessThan(0.6);
    await expect(approveJudgeVersion(version.id, admin.id)).rejects.toThrow(/Cannot approve canary-judge v1 on "canary-set": κ ≥ 0\.60/);
    model.changed = false;
    model.fingerprint = "fp_one";
  });

  it("a replay judge has no canary to run", async () => {
    const admin = await seedUser("admin-canary-replay@example.com");
    const set = await seedLabelSet({ name: "canary-replay", kind: "binary", items: items("r") });
    const replay = await seedJudgeVersion("canary-replay-judge", {
      provider: "replay",
      model: "recorded",
      promptTemplate: "{{output}}",
      parser: "pass_fail",
    });
    await recordReplayVerdicts(replay.id, set.transcriptIds, null);
    await calibrateOnLabelSet({ versionId: replay.id, queueId: set.queueId, split: "test", actorId: null });
    await approveJudgeVersion(replay.id, admin.id);
    const before = server.requests.length;
    expect(await runCanary(await loadJudgeStatus(replay.id))).toMatchObject({
      outcome: "not run",
      reason: expect.stringContaining("no canary to run"),
    });
    expect(server.requests.length).toBe(before);
  });
});
