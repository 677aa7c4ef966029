import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../testing/test-database";
import { db } from "../db/client";
import { loadHannaAsPublished } from "./hanna-published";
import { importHanna } from "./import-datasets";

withTestDatabase();

/** The shipped HANNA file with only two of its LLM columns sets kept (a full import takes minutes on a busy machine). */
function twoJudges(): string {
  const rows = parse(readFileSync("datasets/hanna/hanna_metric_scores_llm.csv"), { columns: true }) as Record<string, string>[];
  const keep = (column: string) =>
    !/ (RE|CH|EM|SU|EG|CX) [1-9]$/.test(column) || column.startsWith("Human ") || /^(Mistral-7B \w\w 1|ChatGPT \w\w 3)$/.test(column);
  const columns = Object.keys(rows[0]!).filter(keep);
  return stringify(rows, { header: true, columns });
}

describe("HANNA as published, from the database", () => {
  it("recomputes the paper's cells from imported verdicts, counting off-scale ratings as given, and marks each one", async () => {
    expect(await loadHannaAsPublished()).toBeNull();
    const file = path.join(mkdtempSync(path.join(tmpdir(), "gavel-hanna-")), "hanna.csv");
    writeFileSync(file, twoJudges());
    await importHanna(file);

    const table = (await loadHannaAsPublished())!;
    expect(table.source.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(table.cells).toHaveLength(96);
    const present = table.cells.filter((c) => c.versionId !== null);
    expect(present).toHaveLength(12);
    for (const cell of present) {
      expect(cell.n, `${cell.criterion} ${cell.llm} ${cell.variant}`).toBe(960);
      expect(cell.value, `${cell.criterion} ${cell.llm} ${cell.variant}`).toBe(cell.published);
    }
    expect(table.matching).toBe(12);
    // 54 of Mistral-7B's Relevance ratings are below 1: counted as given, τ = 0.216 → 22 as published (left out: 0.209 → 21).
    const relevance = present.find((c) => c.llm === "Mistral-7B" && c.criterion === "Relevance")!;
    expect(relevance.published).toBe(22);
    expect(relevance.tau).toBeCloseTo(0.21602417216779576, 12);
    const coherence = present.find((c) => c.llm === "Mistral-7B" && c.criterion === "Coherence")!;
    expect(coherence.tau).toBeCloseTo(0.2221050728296247, 12);
    // Cells whose judge is not in the database are undefined and not counted as matching.
    const absent = table.cells.find((c) => c.llm === "Beluga-13B")!;
    expect(absent).toMatchObject({ versionId: null, n: 0, tau: null, value: null, matches: false });

    // The table is cached; a changed gold label (an adjudicator's decision) is seen at once.
    const queue = await db().labelQueue.findFirstOrThrow({ where: { name: "HANNA Coherence" } });
    const golds = await db().goldLabel.findMany({ where: { queueId: queue.id }, orderBy: { transcriptId: "asc" }, take: 40 });
    for (const g of golds) await db().goldLabel.update({ where: { id: g.id }, data: { score: 1, value: "1" } });
    const changed = (await loadHannaAsPublished())!.cells.find((c) => c.llm === "Mistral-7B" && c.criterion === "Coherence")!;
    expect(changed.tau).not.toBeCloseTo(0.2221050728296247, 6);
  }, 180_000);
});
