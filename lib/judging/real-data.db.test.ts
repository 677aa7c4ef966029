import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hannaMiniCsv } from "../real-data/fixtures/hanna-mini";
import { hannaRaterEmail } from "../real-data/hanna-plan";
import { llmbarJudgeName, llmbarLabelSetName } from "../real-data/llmbar-plan";
import { db } from "../db/client";
import { hannaFingerprint, readHanna, readLlmbar } from "../db/real-data";
import { evaluateGate } from "../judges/gate";
import { accuracyByOrder } from "../judges/pairwise-orders";
import { leaveOneOutRho } from "../stats";
import { withTestDatabase } from "../testing/test-database";
import { importHanna, importLlmbar } from "./import-datasets";
import { loadHannaData, loadLlmbarData, summariseHanna } from "./real-data";

withTestDatabase();

// lib/db/real-data.ts reads; these decisions are made here, in the use case, once per stored read.
describe("the imported data sets' pages: read, then decide", () => {
  it("LLMBar: every pairwise row's per-order accuracy from its own verdicts on its set's gold, and the plain prompt's upgrade on MT-Bench", async () => {
    await importLlmbar("datasets/llmbar");
    const data = await loadLlmbarData();
    expect(await loadLlmbarData()).toBe(data);
    expect(data.llmbar.rows).toHaveLength(12);
    const stored = await readLlmbar();
    for (const row of data.llmbar.rows) {
      const gold = stored.llmbar.gold.filter((g) => g.queueId === row.queueId);
      const verdicts = await db().judgeVerdict.findMany({
        where: { judgeVersionId: row.versionId, transcriptId: { in: gold.map((g) => g.transcriptId) } },
        select: { transcriptId: true, order: true, repeat: true, status: true, value: true },
      });
      expect(row.orders).toEqual(accuracyByOrder(gold, verdicts));
      const storedRow = stored.llmbar.rows.find((r) => r.versionId === row.versionId && r.queueId === row.queueId)!;
      expect(row.gate).toEqual(evaluateGate(stored.policy, storedRow.gateInput));
    }
    const { base, candidate } = data.llmbar.upgrade!;
    expect(candidate.parentId).toBe(base.versionId);
    expect([base.judgeName, base.queueName, base.model, candidate.model]).toEqual([
      llmbarJudgeName("Vanilla_NoRules"),
      llmbarLabelSetName("MT-Bench"),
      "ChatGPT",
      "GPT-4",
    ]);
  });

  it("HANNA: the leave-one-out ρ of the three raters on each criterion, decided again when a rater's label changes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gavel-real-data-"));
    writeFileSync(path.join(dir, "hanna.csv"), hannaMiniCsv());
    await importHanna(path.join(dir, "hanna.csv"));
    // The import stored the summary under the fingerprint of the data now: a server process reads it, whole.
    const stored = await db().setting.findUniqueOrThrow({ where: { key: "summary:hanna" } });
    const summary = summariseHanna(await readHanna());
    expect(stored.value).toMatchObject({ fingerprint: `v1:${await hannaFingerprint()}` });
    expect(JSON.parse((stored.value as { json: string }).json)).toEqual(summary);
    const data = await loadHannaData();
    expect(await loadHannaData()).toBe(data);
    const read = await readHanna();
    for (const row of data.hanna.rows) {
      const storedRow = read.hanna.rows.find((r) => r.versionId === row.versionId && r.queueId === row.queueId)!;
      expect(row.gate).toEqual(evaluateGate(read.policy, storedRow.gateInput));
    }
    for (const criterion of data.hanna.criteria) {
      const ratings = read.hanna.criteria.find((c) => c.name === criterion.name)!.ratings;
      expect({ rho: criterion.ceilingRho, n: criterion.ceilingN }).toEqual({
        rho: leaveOneOutRho(ratings).rho,
        n: leaveOneOutRho(ratings).n,
      });
    }
    const coherence = data.hanna.criteria.find((c) => c.name === "Coherence")!;
    expect(coherence.ceilingN).toBeGreaterThan(0);
    expect(coherence.ceilingRho).not.toBeNull();

    const label = await db().label.findFirstOrThrow({ where: { queueId: coherence.queueId!, reviewer: { email: hannaRaterEmail(1) } } });
    await db().label.update({ where: { id: label.id }, data: { score: label.score === 1 ? 5 : 1, value: label.score === 1 ? "5" : "1" } });
    const after = await loadHannaData();
    expect(after).not.toBe(data);
    expect(after.hanna.criteria.find((c) => c.name === "Coherence")!.ceilingRho).not.toBe(coherence.ceilingRho);
  });
});
