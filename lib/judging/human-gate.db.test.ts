import { describe, expect, it } from "vitest";
import { readGoldBacking } from "../db/gold-labels";
import { startPassFailJudge } from "../providers/mock-server";
import { passFailJudgeSpec, seedJudgeVersion, seedLabelSet, seedUser, type SeedItem } from "../testing/seed-judges";
import { withTestDatabase } from "../testing/test-database";
import { approveJudgeVersion, loadJudgeStatus } from "./approvals";
import { calibrateOnLabelSet, runJudgeOnLabelSet } from "./label-set-run";
import { mockLlmForFile } from "../testing/mock-llm-hooks";

withTestDatabase();

const server = mockLlmForFile(() => startPassFailJudge((prompt) => prompt.includes("good answer")));

const spec = (model: string) => passFailJudgeSpec(model, server.baseUrl);

/** 15 pass and 15 fail test items, labeled by the given reviewers (each agreeing with the gold label unless `flip` says so). */
function items(prefix: string, reviewers: string[], flip: (i: number, reviewer: string) => boolean = () => false): SeedItem[] {
  return Array.from({ length: 30 }, (_, i) => {
    const gold = i % 2 ? "pass" : "fail";
    const other = gold === "pass" ? "fail" : "pass";
    return {
      key: `${prefix}-${i}`,
      split: "test" as const,
      output: gold === "pass" ? `good answer ${i}` : `bad answer ${i}`,
      gold,
      labels: reviewers.map((reviewer) => ({ reviewer, value: flip(i, reviewer) ? other : gold })),
    };
  });
}

async function calibrated(name: string, seeded: SeedItem[], admin: string) {
  const { queueId } = await seedLabelSet({ name, kind: "binary", items: seeded });
  const version = await seedJudgeVersion(`${name}-judge`, spec(`${name}-model`));
  await runJudgeOnLabelSet({ versionId: version.id, queueId, split: "test" });
  await calibrateOnLabelSet({ versionId: version.id, queueId, split: "test", actorId: admin });
  return { queueId, versionId: version.id };
}

describe("a gate tied to the humans behind it", () => {
  it("refuses approval on gold that rests on a single reviewer, however good the judge", async () => {
    const admin = await seedUser("admin-humans@example.com");
    const { queueId, versionId } = await calibrated("one-reviewer", items("one", ["solo@example.com"]), admin.id);
    const rows = (await readGoldBacking(queueId, "test"))!;
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.reviewers === 1 && r.source === "consensus")).toBe(true);
    await expect(approveJudgeVersion(versionId, admin.id, { queueId })).rejects.toThrow(
      /every gold item needs at least two independent human labels or an adjudicated label: 0 of 30 gold items have that; 30 rest on one reviewer/,
    );
    expect((await loadJudgeStatus(versionId)).state).toBe("shadow");
  });

  it("asks for confirmation when the bar is above the reviewers' own agreement, and approves once confirmed", async () => {
    const admin = await seedUser("admin-humans@example.com");
    // The two reviewers disagree on 8 of 30 items: human–human κ well below the 0.60 bar, the judge itself perfect.
    const { queueId, versionId } = await calibrated(
      "two-reviewers",
      items("two", ["ann@example.com", "bo@example.com"], (i, r) => r === "bo@example.com" && i < 8),
      admin.id,
    );
    await expect(approveJudgeVersion(versionId, admin.id, { queueId })).rejects.toThrow(
      /needs confirmation: the κ bar 0\.60 is above the humans' own agreement \(human–human κ 0\.\d{3}\)/,
    );
    const approval = await approveJudgeVersion(versionId, admin.id, { queueId, confirmAboveCeiling: true });
    expect(approval.stateReason).toMatch(/confirmed with the bar 0\.60 above the human ceiling 0\.\d{3}/);
    expect((await loadJudgeStatus(versionId)).state).toBe("gating");
  });
});
