import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { gavel } from "../testing/cli";
import { seedQueue } from "../testing/seed-labeling";
import { withTestDatabase } from "../testing/test-database";
import { db } from "./client";
import { importLabels } from "./label-import";

const database = withTestDatabase();

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../labeling/label-import/fixtures", name), "utf8");
let counter = 0;
const tag = () => `${Date.now().toString(36)}-${++counter}`;

async function queue(keys: string[], reviewersPerItem = 2) {
  const name = `import-${tag()}`;
  return { name, ...(await seedQueue({ name, order: "input", reviewersPerItem, items: keys.map((key) => ({ key })) })) };
}

const stored = (queueId: string) =>
  db().label.findMany({
    where: { queueId },
    orderBy: [{ createdAt: "asc" }],
    select: {
      value: true,
      timeSpentMs: true,
      importedFrom: true,
      reviewer: { select: { email: true, passwordHash: true } },
      transcript: { select: { externalId: true } },
    },
  });

describe("importing human labels", () => {
  it("a Label Studio JSON export: every annotation a label, cancelled ones left out, consensus gold where they agree", async () => {
    const q = await queue(["ls-refund-1", "ls-refund-2"]);
    const result = await importLabels({ queue: q.name, text: fixture("label-studio-export.json") });
    expect(result).toMatchObject({ ok: true, format: "label-studio", labels: 3, reviewersCreated: 2, gold: 1, errors: [] });
    expect(result.notes).toEqual(["1 cancelled (skipped) annotation left out"]);
    const labels = await stored(q.queueId);
    expect(labels.map((l) => [l.transcript.externalId, l.reviewer.email, l.value, l.timeSpentMs, l.importedFrom])).toEqual([
      ["ls-refund-1", "label-studio-user-1@imported.invalid", "pass", 12_500, "label-studio"],
      ["ls-refund-1", "ana@example.com", "pass", 8_250, "label-studio"],
      ["ls-refund-2", "label-studio-user-1@imported.invalid", "fail", 20_000, "label-studio"],
    ]);
    expect(labels.every((l) => l.reviewer.passwordHash === null)).toBe(true);
    const gold = await db().goldLabel.findMany({
      where: { queueId: q.queueId },
      select: { value: true, source: true, transcript: { select: { externalId: true } } },
    });
    expect(gold).toEqual([{ value: "pass", source: "consensus", transcript: { externalId: "ls-refund-1" } }]);
    const items = await db().queueItem.findMany({
      where: { queueId: q.queueId },
      orderBy: { orderKey: "asc" },
      select: { labelCount: true },
    });
    expect(items.map((i) => i.labelCount)).toEqual([2, 1]);
  });

  it("an Argilla records export: responses by user, the item by metadata.transcript_id or the record id; suggestions are not labels", async () => {
    const q = await queue(["ar-refund-1", "ar-refund-2", "ar-refund-3"]);
    const result = await importLabels({ queue: q.name, text: fixture("argilla-records.json") });
    expect(result).toMatchObject({ ok: true, format: "argilla", labels: 4, reviewersCreated: 2, gold: 1 });
    expect(result.notes).toEqual(['1 record without a response to "verdict" left out']);
    const labels = await stored(q.queueId);
    expect(labels.map((l) => [l.transcript.externalId, l.reviewer.email, l.value, l.importedFrom]).sort()).toEqual([
      ["ar-refund-1", "argilla-user-5a1b2c3d-0000-4000-8000-000000000001@imported.invalid", "pass", "argilla"],
      ["ar-refund-1", "argilla-user-5a1b2c3d-0000-4000-8000-000000000002@imported.invalid", "pass", "argilla"],
      ["ar-refund-2", "argilla-user-5a1b2c3d-0000-4000-8000-000000000001@imported.invalid", "fail", "argilla"],
      ["ar-refund-2", "argilla-user-5a1b2c3d-0000-4000-8000-000000000002@imported.invalid", "pass", "argilla"],
    ]);
  });

  it("a bad line is named and nothing is written: a value the queue does not allow, an unknown item", async () => {
    const q = await queue(["ls-refund-1", "ls-refund-2"]);
    const bad = fixture("label-studio-export.json")
      .replace('"choices": ["Fail"]', '"choices": ["Maybe"]')
      .replace('"external_id": "ls-refund-1"', '"external_id": "ls-nowhere"');
    const result = await importLabels({ queue: q.name, text: bad });
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      'line 2 (task 101), annotation 1: no item "ls-nowhere" in queue "' + q.name + '" (by transcript id or external id)',
      'line 2 (task 101), annotation 2: no item "ls-nowhere" in queue "' + q.name + '" (by transcript id or external id)',
      'line 36 (task 102), annotation 1: A binary label is one of pass, fail; got "maybe". Map the tool\'s value with --map "Maybe=…".',
    ]);
    expect(await db().label.count({ where: { queueId: q.queueId } })).toBe(0);
    expect(await db().user.count({ where: { email: { endsWith: "@imported.invalid" }, labels: { none: {} } } })).toBe(0);

    const argilla = fixture("argilla-records.json").replace('{ "value": "fail", "user_id"', '{ "value": ["fail", "pass"], "user_id"');
    const q2 = await queue(["ar-refund-1", "ar-refund-2"]);
    const second = await importLabels({ queue: q2.name, text: argilla });
    expect(second.errors).toEqual(["line 16 (record 7c9e6679-7425-40de-944b-e07fc1f90ae7), response 1: value must be one label or number"]);
    expect(await db().label.count({ where: { queueId: q2.queueId } })).toBe(0);
  });

  it("importing the same file twice is refused the second time, naming each label already there", async () => {
    const q = await queue(["ls-refund-1", "ls-refund-2"]);
    expect((await importLabels({ queue: q.name, text: fixture("label-studio-export.json") })).ok).toBe(true);
    const again = await importLabels({ queue: q.name, text: fixture("label-studio-export.json") });
    expect(again.ok).toBe(false);
    expect(again.errors).toHaveLength(3);
    expect(again.errors[0]).toMatch(
      /^line 2 \(task 101\), annotation 1: label-studio-user-1@imported.invalid already has a label on "ls-refund-1"$/,
    );
    expect(await db().label.count({ where: { queueId: q.queueId } })).toBe(3);
  });

  it("JSONL and CSV rows", async () => {
    const q = await queue(["row-1", "row-2"], 1);
    const jsonl = await importLabels({
      queue: q.name,
      text: '{"reviewer":"a@example.com","item":"row-1","value":"PASS","time_spent_ms":900}\n',
    });
    expect(jsonl).toMatchObject({ ok: true, format: "jsonl", labels: 1, gold: 1 });
    const csv = await importLabels({ queue: q.name, text: "reviewer,item,value\nb@example.com,row-2,fail\nc@example.com,,pass\n" });
    expect(csv.errors).toEqual(["line 3: item is missing"]);
    expect(await db().label.count({ where: { queueId: q.queueId } })).toBe(1);
  });

  it("gavel import labels: exit 2 naming the bad line and writing nothing, then exit 0", async () => {
    const q = await queue(["ls-refund-1", "ls-refund-2"]);
    const dir = mkdtempSync(path.join(tmpdir(), "gavel-import-labels-"));
    const bad = path.join(dir, "bad.json");
    writeFileSync(bad, fixture("label-studio-export.json").replace('"choices": ["Fail"]', '"choices": ["Maybe"]'));
    const env = { DATABASE_URL: database.url() };
    const refused = await gavel(["import", "labels", bad, "--queue", q.name], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${bad}: line 36 (task 102), annotation 1: A binary label is one of pass, fail; got "maybe".`);
    expect(refused.stderr).toContain("nothing was written");
    expect(await db().label.count({ where: { queueId: q.queueId } })).toBe(0);
    const good = path.join(dir, "good.json");
    writeFileSync(good, fixture("label-studio-export.json"));
    const ok = await gavel(["import", "labels", good, "--queue", q.name], env);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`ok: 3 labels from ${good} (label-studio)`);
    expect(await db().label.count({ where: { queueId: q.queueId } })).toBe(3);
  }, 90_000);
});
