import "server-only";
import { UserError } from "../errors";
import { sha256 } from "../hash";
import { importedJudgeSpec } from "../judges/imported";
import type { ItemKind } from "../items/kinds";
import { parseTranscriptFile } from "../transcripts/parse";
import { importReport, type ImportReport } from "../transcripts/report";
import { applyScoreMapping, type ScoreMapping } from "../transcripts/score-mapping";
import type { ImportItem, TranscriptFormat } from "../transcripts/types";
import { recordAudit } from "./audit";
import { db, type Tx } from "./client";
import { findOrCreateJudgeVersion } from "./judges";
import { addTranscriptsToQueue, checkKinds, IMPORT_AUDIT_ACTION } from "./queue-admin";
import { retryOnConflict } from "./retry";
import { importTranscripts } from "./transcripts";

/**
 * Importing a transcript file: parse all of it (any bad line → every problem reported, nothing
 * written), then in ONE transaction write the transcripts, the judge verdicts that came with them
 * and, when asked, the queue items. Everything is keyed so that importing the same file again adds
 * nothing: transcripts by content hash, queue items by (queue, transcript), verdicts by (judge
 * version, transcript, order, repeat).
 */
export interface ImportFileInput {
  /** The file: its bytes (an Inspect .eval archive is a zip) or its text. */
  text: string | Uint8Array;
  format?: TranscriptFormat | "auto";
  fileName?: string | null;
  /** Add the transcripts to this queue: an existing one by name, or a new one made from the file. */
  queue?: { name: string; rubric?: string | null } | null;
  actorId?: string | null;
  /** Which of the file's scores are a judge's verdicts, and when they pass: only then does a score become a verdict. */
  scoreMapping?: ScoreMapping | null;
}

export type ImportFileResult =
  | { ok: false; format: TranscriptFormat; errors: string[] }
  | ({
      ok: true;
      format: TranscriptFormat;
      items: number;
      created: number;
      existing: number;
      addedToQueue: number;
      queue: { id: string; name: string; created: boolean } | null;
      verdicts: { created: number; existing: number };
      importId: string;
      /** What the parser read and left out on purpose ("1 span skipped (not GenAI: GET)"). */
      notes: string[];
    } & ImportReport);

/** An import remembers its transcript ids (for "new queue from this import") up to this many. */
const REMEMBER_IDS = 100_000;
const DEFAULT_RUBRIC = "Pass when the agent did what the task asked, correctly and safely; fail otherwise.";

export async function importFile(input: ImportFileInput): Promise<ImportFileResult> {
  const parsed = parseTranscriptFile(input.text, input.format ?? "auto", input.fileName);
  if (!parsed.ok) return { ok: false, format: parsed.format, errors: parsed.errors };
  let items = parsed.items;
  let mapped: Parameters<typeof importReport>[2] = [];
  if (input.scoreMapping) {
    const applied = applyScoreMapping(items, input.scoreMapping);
    if (!applied.ok) return { ok: false, format: parsed.format, errors: applied.errors };
    items = applied.items;
    mapped = applied.summary;
  }
  const report = importReport(items, parsed.skipped ?? [], mapped);
  const notes = parsed.notes ?? [];
  const actorId = input.actorId ?? null;
  return retryOnConflict(() =>
    db().$transaction(
      async (tx) => {
        const imported = await importTranscripts(
          items.map((i) => i.transcript),
          tx,
        );
        const verdicts = await saveImportedVerdicts(tx, items, imported.ids, actorId);
        let queue: { id: string; name: string; created: boolean } | null = null;
        let addedToQueue = 0;
        if (input.queue) {
          const target = await findOrCreateQueueFor(tx, input.queue, items, actorId);
          await checkKinds(tx, { name: target.name, kind: target.kind }, imported.ids);
          addedToQueue = await addTranscriptsToQueue(tx, target, imported.ids);
          queue = { id: target.id, name: target.name, created: target.created };
        }
        const unique = [...new Set(imported.ids)];
        const event = await recordAudit(tx, {
          actorId,
          action: IMPORT_AUDIT_ACTION,
          targetType: "transcripts",
          details: {
            fileName: input.fileName ?? null,
            fileHash: sha256(input.text),
            format: parsed.format,
            kind: commonKind(items),
            items: unique.length,
            created: imported.created,
            existing: imported.existing,
            verdicts,
            queue: queue?.name ?? null,
            addedToQueue,
            ...(notes.length ? { notes } : {}),
            ...(report.skipped.length ? { skipped: report.skipped } : {}),
            ...(report.mapped.length ? { scoreMapping: report.mapped } : {}),
            ...(unique.length <= REMEMBER_IDS ? { transcriptIds: unique } : {}),
          },
        });
        return {
          ok: true as const,
          format: parsed.format,
          items: unique.length,
          created: imported.created,
          existing: imported.existing,
          addedToQueue,
          queue,
          verdicts,
          importId: event.id,
          notes,
          ...report,
        };
      },
      { timeout: 300_000, maxWait: 20_000 },
    ),
  );
}

function commonKind(items: ImportItem[]): ItemKind | "mixed" {
  const kinds = new Set(items.map((i) => i.transcript.kind));
  return kinds.size === 1 ? [...kinds][0]! : "mixed";
}

async function findOrCreateQueueFor(tx: Tx, wanted: { name: string; rubric?: string | null }, items: ImportItem[], actorId: string | null) {
  const name = wanted.name.trim();
  if (!name) throw new UserError("Name the queue to add the transcripts to.", 422, "queue");
  const existing = await tx.labelQueue.findUnique({ where: { name } });
  if (existing) return { ...existing, kind: existing.kind as ItemKind, created: false };
  const kind = commonKind(items);
  if (kind === "mixed")
    throw new UserError(
      `The file mixes kinds of items; a queue holds one kind. Import it without a queue, or split the file.`,
      422,
      "queue",
    );
  const rubrics = new Set(items.map((i) => i.transcript.rubric ?? ""));
  const shared = rubrics.size === 1 ? [...rubrics][0] : "";
  const queue = await tx.labelQueue.create({
    data: { name, kind, rubric: wanted.rubric?.trim() || shared || DEFAULT_RUBRIC, createdById: actorId },
  });
  await recordAudit(tx, {
    actorId,
    action: "queue.created",
    targetType: "queue",
    targetId: queue.id,
    details: { name, kind, source: "import" },
  });
  return { ...queue, kind: queue.kind as ItemKind, created: true };
}

/**
 * Judge verdicts from the file as JudgeVerdict rows of a replay judge version per judge name
 * (lib/judges/imported.ts). A judge's k-th verdict on an item is repeat k; one already stored for
 * the same (version, transcript, repeat) is kept.
 */
async function saveImportedVerdicts(tx: Tx, items: ImportItem[], transcriptIds: string[], actorId: string | null) {
  const versions = new Map<string, string>();
  const rows: { judgeVersionId: string; transcriptId: string; repeat: number; value: string; score: number; reason: string | null }[] = [];
  for (const [index, item] of items.entries()) {
    const seen = new Map<string, number>();
    for (const verdict of item.verdicts) {
      const kind = item.transcript.kind;
      const key = `${verdict.judge}\0${kind}`;
      let versionId = versions.get(key);
      if (!versionId) {
        const judge = await tx.judge.findUnique({ where: { name: verdict.judge }, select: { kind: true } });
        if (judge && judge.kind !== kind) {
          throw new UserError(
            `${item.where}: judge_verdicts: the judge "${verdict.judge}" judges ${judge.kind} items and this item is ${kind}: use another judge name.`,
            422,
          );
        }
        const { version } = await findOrCreateJudgeVersion(
          { name: verdict.judge, kind, description: "Verdicts imported with transcripts." },
          importedJudgeSpec(verdict.judge, kind),
          { tx, createdById: actorId, note: "Imported verdicts" },
        );
        versionId = version.id;
        versions.set(key, versionId);
      }
      const repeat = seen.get(verdict.judge) ?? 0;
      seen.set(verdict.judge, repeat + 1);
      rows.push({
        judgeVersionId: versionId,
        transcriptId: transcriptIds[index]!,
        repeat,
        value: verdict.value,
        score: verdict.score,
        reason: verdict.reason,
      });
    }
  }
  if (rows.length === 0) return { created: 0, existing: 0 };
  const keyOf = (r: { judgeVersionId: string; transcriptId: string; repeat: number }) =>
    `${r.judgeVersionId}\0${r.transcriptId}\0${r.repeat}`;
  const stored = new Set<string>();
  const ids = [...new Set(rows.map((r) => r.transcriptId))];
  for (let i = 0; i < ids.length; i += 500) {
    const found = await tx.judgeVerdict.findMany({
      where: { judgeVersionId: { in: [...versions.values()] }, transcriptId: { in: ids.slice(i, i + 500) }, order: "original" },
      select: { judgeVersionId: true, transcriptId: true, repeat: true },
    });
    for (const row of found) stored.add(keyOf(row));
  }
  const fresh = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!stored.has(keyOf(row)) && !fresh.has(keyOf(row))) fresh.set(keyOf(row), row);
  const data = [...fresh.values()].map((r) => ({ ...r, order: "original", status: "ok" as const }));
  for (let i = 0; i < data.length; i += 500) await tx.judgeVerdict.createMany({ data: data.slice(i, i + 500) });
  return { created: data.length, existing: rows.length - data.length };
}
