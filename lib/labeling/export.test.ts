import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { EXPORT_COLUMNS, exportColumns, exportFileName, neutralizeFormula, toCsv, toJsonl, type ExportRow } from "./export";

const row = (overrides: Partial<ExportRow> = {}): ExportRow => ({
  queue: "refunds",
  transcript_id: "t1",
  external_id: "ext-1",
  split: "test",
  reviewer_email: "ann@example.com",
  value: "pass",
  score: null,
  reason: null,
  time_spent_ms: 1234,
  judge_seen: false,
  rubric_version: 1,
  labeled_at: "2026-01-01T00:00:00.000Z",
  imported_from: null,
  gold_value: "pass",
  gold_source: "consensus",
  has_gold: true,
  matches_gold: true,
  task_prompt: "Refund order 7",
  final_output: "Refunded.",
  dimensions: null,
  ...overrides,
});

describe("CSV export", () => {
  it("has the header and one row per label; a CSV parser reads back every value", () => {
    const csv = toCsv([
      row(),
      row({
        reviewer_email: "bob@example.com",
        value: "fail",
        reason: 'Said "no", then\nchanged, mind',
        gold_value: null,
        gold_source: null,
        has_gold: false,
        matches_gold: null,
        score: 4,
      }),
    ]);
    expect(csv.split("\n")[0]).toBe(EXPORT_COLUMNS.join(","));
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      reviewer_email: "ann@example.com",
      judge_seen: "false",
      gold_value: "pass",
      matches_gold: "true",
      score: "",
      time_spent_ms: "1234",
    });
    expect(records[1]).toMatchObject({
      reason: 'Said "no", then\nchanged, mind',
      gold_value: "",
      has_gold: "false",
      matches_gold: "",
      score: "4",
    });
  });

  it("neutralizes cells a spreadsheet would run as a formula", () => {
    const csv = toCsv([row({ reason: '=HYPERLINK("http://evil","x")', external_id: "+1", reviewer_email: "@x", value: "-1" })]);
    const [record] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(record).toMatchObject({ reason: '\'=HYPERLINK("http://evil","x")', external_id: "'+1", reviewer_email: "'@x", value: "'-1" });
    expect(neutralizeFormula("\tcmd")).toBe("'\tcmd");
    expect(neutralizeFormula("fine = ok")).toBe("fine = ok");
  });

  it("an empty export is just the header", () => {
    expect(toCsv([])).toBe(`${EXPORT_COLUMNS.join(",")}\n`);
  });
});

describe("JSONL export", () => {
  it("one object per line with the same columns, values untouched", () => {
    const text = toJsonl([row({ reason: "=1+1" }), row({ gold_value: null, has_gold: false, matches_gold: null })]);
    const lines = text
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(Object.keys(lines[0]!)).toEqual([...EXPORT_COLUMNS]);
    expect(lines[0]).toMatchObject({ reason: "=1+1", judge_seen: false, matches_gold: true });
    expect(lines[1]).toMatchObject({ gold_value: null, matches_gold: null });
    expect(toJsonl([])).toBe("");
  });
});

describe("dimensions and transcripts", () => {
  const layout = { dimensions: ["reason", "tags", "tone"], transcript: true };
  const withDims = row({
    dimensions: { reason: "wrong tool", tags: ["rude", "slow"], tone: 4 },
    transcript: { messages: [{ role: "user", content: "=cmd" }] },
  });

  it("CSV adds a column per further dimension (a multi-select joined by '; ') and the transcript as JSON", () => {
    const csv = toCsv([withDims, row()], layout);
    expect(csv.split("\n")[0]).toBe([...EXPORT_COLUMNS, "dim_reason", "dim_tags", "dim_tone", "transcript"].join(","));
    const [first, blank] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(first).toMatchObject({ dim_reason: "wrong tool", dim_tags: "rude; slow", dim_tone: "4", task_prompt: "Refund order 7" });
    expect(JSON.parse(first!.transcript!)).toEqual(withDims.transcript);
    expect(blank).toMatchObject({ dim_reason: "", dim_tags: "", dim_tone: "", transcript: "" });
  });

  it("JSONL keeps lists and numbers as they are", () => {
    const [line] = toJsonl([withDims], layout)
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(line!)).toEqual(exportColumns(layout));
    expect(line).toMatchObject({ dim_tags: ["rude", "slow"], dim_tone: 4, final_output: "Refunded.", transcript: withDims.transcript });
  });

  it("without a layout the columns are the fixed ones", () => {
    expect(exportColumns()).toEqual([...EXPORT_COLUMNS]);
  });
});

it("file names keep only safe characters", () => {
  expect(exportFileName("Refunds / Q3 gold", "csv")).toBe("labels-Refunds-Q3-gold.csv");
  expect(exportFileName("../..", "jsonl")).toBe("labels-queue.jsonl");
});
