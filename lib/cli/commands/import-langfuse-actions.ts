import { annotationLabels, type AnnotationMapping } from "../../connectors/langfuse/annotations";
import { createLangfuseClient, LangfuseApiError, type Json } from "../../connectors/langfuse/client";
import { pullLangfuse } from "../../connectors/langfuse/pull";
import { databaseUrl } from "../../database-url";
import { disconnectDb } from "../../db/client";
import { readConnectorCursor, saveConnectorCursor } from "../../db/connector-cursors";
import { ensureMigrated } from "../../db/ensure-migrated";
import { importFile } from "../../db/import";
import { importParsedLabels } from "../../db/label-import";
import { UserError } from "../../errors";
import { mapLangfuseTrace } from "../../transcripts/peers/langfuse";
import { mappingFromFlags, parsePassWhen, parseScoreMapFile, type ScoreMapping } from "../../transcripts/score-mapping";
import { EXIT, UsageError } from "../exit";
import type { Logger } from "../logger";
import { readUserFile } from "../user-input";
import { valueMapOptions } from "./import-labels";
import type { ImportLangfuseOptions } from "./import-langfuse-options";

/** What one pull did, for people and for --json. */
export interface LangfusePullReport {
  host: string;
  project: { id: string; name: string };
  from: string;
  resumed: boolean;
  pages: number;
  traces: { listed: number; read: number; alreadyPulled: number; skipped: { trace: string; why: string[] }[] };
  transcripts: { created: number; existing: number; addedToQueue: number };
  verdicts: { created: number; existing: number };
  labels: { created: number; existing: number; reviewersCreated: number; gold: number };
  /** Scores left as they are: human annotations of other names, and why. */
  notes: string[];
  cursor: string | null;
}

const SHOWN = 50;

function mappingOf(options: ImportLangfuseOptions): AnnotationMapping | null {
  if (!options.labelScore) return null;
  const passWhen = options.labelPassWhen === undefined ? undefined : parsePassWhen(options.labelPassWhen);
  if (typeof passWhen === "string") throw new UsageError(`--label-pass-when ${passWhen}`);
  return { score: options.labelScore, passWhen, values: valueMapOptions(options.map, options.mapFile) };
}

/** Which scores are a judge's verdicts (--score/--pass-when or --score-map), as `gavel import transcripts` takes them. */
function verdictMappingOf(options: ImportLangfuseOptions): ScoreMapping | null {
  if (options.scoreMap) {
    const parsed = parseScoreMapFile(readUserFile(options.scoreMap));
    if ("errors" in parsed) throw new UsageError(`${options.scoreMap}: ${parsed.errors.join("; ")}`);
    return parsed;
  }
  const flags = mappingFromFlags(options.score, options.passWhen, options.judge);
  if (typeof flags === "string") throw new UsageError(flags);
  return flags;
}

/** The rules whose score some trace of this page has: a page without a score is not the user's mistake. */
function rulesFor(traces: Json[], mapping: ScoreMapping | null): ScoreMapping | null {
  if (!mapping) return null;
  const names = new Set(traces.flatMap((t) => (Array.isArray(t.scores) ? t.scores : []).map((s) => String((s as Json).name))));
  const rules = mapping.rules.filter((r) => names.has(r.score));
  return rules.length ? { rules } : null;
}

export async function importLangfuse(
  options: ImportLangfuseOptions,
  keys: { publicKey: string; secretKey: string },
  logger: Logger,
): Promise<number> {
  const mapping = mappingOf(options);
  const verdictMapping = verdictMappingOf(options);
  let client: ReturnType<typeof createLangfuseClient>;
  try {
    client = createLangfuseClient({
      host: options.host,
      ...keys,
      onWait: (ms, why) => logger.info(`Langfuse is busy (${why}): waiting ${(ms / 1000).toFixed(1)} s`),
    });
  } catch (error) {
    if (error instanceof LangfuseApiError) throw new UsageError(error.message);
    throw error;
  }
  const report: LangfusePullReport = {
    host: client.host,
    project: { id: "", name: "" },
    from: "",
    resumed: false,
    pages: 0,
    traces: { listed: 0, read: 0, alreadyPulled: 0, skipped: [] },
    transcripts: { created: 0, existing: 0, addedToQueue: 0 },
    verdicts: { created: 0, existing: 0 },
    labels: { created: 0, existing: 0, reviewersCreated: 0, gold: 0 },
    notes: [],
    cursor: null,
  };
  const left = new Map<string, number>();
  try {
    await ensureMigrated(databaseUrl());
    report.project = await client.project();
    const key = { connector: "langfuse", host: client.host, project: report.project.id };
    const summary = await pullLangfuse(
      { since: options.since, until: options.until, tags: options.tags, pageSize: options.pageSize, fromStart: options.fromStart },
      {
        client,
        loadCursor: () => readConnectorCursor(key),
        saveCursor: (cursor) => saveConnectorCursor(key, { ...cursor }),
        log: (message) => logger.info(message),
        saveTraces: async (traces) => savePage(traces, options, { labels: mapping, verdicts: verdictMapping }, report, left),
      },
    );
    Object.assign(report, {
      from: summary.from,
      resumed: summary.resumed,
      pages: summary.pages,
      cursor: summary.cursor?.timestamp ?? null,
    });
    Object.assign(report.traces, { listed: summary.listed, read: summary.read, alreadyPulled: summary.alreadyPulled });
  } catch (error) {
    if (error instanceof LangfuseApiError || error instanceof UserError) {
      logger.error(`${error.message}. The pull stopped; what was written before stays, and the next pull resumes after it.`);
      return error instanceof LangfuseApiError && error.status !== null && error.status >= 500 ? EXIT.internal : EXIT.usage;
    }
    throw error;
  } finally {
    await disconnectDb();
  }
  for (const [why, n] of left) report.notes.push(`${n} ${why} left as ${n === 1 ? "it is" : "they are"}`);
  if (options.json) logger.out(JSON.stringify(report, null, 2));
  else {
    const t = report.transcripts;
    const queue = options.queue ? `; ${t.addedToQueue} added to queue "${options.queue}"` : "";
    const labels = mapping
      ? `; labels: ${report.labels.created} new, ${report.labels.existing} already stored (${report.labels.reviewersCreated} reviewer account${report.labels.reviewersCreated === 1 ? "" : "s"} created)`
      : "";
    logger.out(
      `ok: ${report.traces.read} traces pulled from ${report.host} (project ${report.project.name}) from ${report.from}${report.resumed ? " (resumed)" : ""}: ${t.created} new transcripts, ${t.existing} already stored, ${report.traces.skipped.length} skipped${queue}${labels}`,
    );
    if (report.traces.alreadyPulled) logger.out(`  ${report.traces.alreadyPulled} traces already pulled last time, not read again`);
    for (const s of report.traces.skipped.slice(0, SHOWN)) logger.out(`  skipped trace ${s.trace}: ${s.why.join("; ")}`);
    for (const note of report.notes) logger.out(`  ${note}`);
  }
  return EXIT.ok;
}

/**
 * One page of whole traces: each mapped as a Langfuse file import maps it (a trace that does not
 * map is skipped and reported, never a reason to drop the page), the annotation labels checked
 * against the mapping BEFORE anything is written, then the transcripts and the labels.
 */
async function savePage(
  traces: Json[],
  options: ImportLangfuseOptions,
  mappings: { labels: AnnotationMapping | null; verdicts: ScoreMapping | null },
  report: LangfusePullReport,
  left: Map<string, number>,
) {
  const mapping = mappings.labels;
  const good: Json[] = [];
  for (const trace of traces) {
    const { observations, scores, ...row } = trace;
    const mapped = mapLangfuseTrace({ trace: row, observations: observations as Json[], scores: scores as Json[] });
    if (mapped.ok) good.push(trace);
    else report.traces.skipped.push({ trace: String(trace.id), why: "skipped" in mapped ? [mapped.skipped.why] : mapped.errors });
  }
  if (good.length === 0) return;
  const annotations = annotationLabels(good, mapping);
  if (annotations.errors.length)
    throw new UserError(
      `the annotation scores do not fit the mapping (${annotations.errors.length}):\n${annotations.errors
        .slice(0, SHOWN)
        .map((e) => `  ${e}`)
        .join("\n")}\nnothing of this page was written`,
      422,
    );
  for (const [why, n] of annotations.left) left.set(why, (left.get(why) ?? 0) + n);
  const imported = await importFile({
    text: JSON.stringify(good),
    format: "langfuse",
    fileName: `langfuse:${report.host}`,
    queue: options.queue ? { name: options.queue, rubric: options.rubric } : null,
    scoreMapping: rulesFor(good, mappings.verdicts),
  });
  if (!imported.ok) throw new UserError(`the page did not import: ${imported.errors.slice(0, SHOWN).join("; ")}`, 422);
  report.transcripts.created += imported.created;
  report.transcripts.existing += imported.existing;
  report.transcripts.addedToQueue += imported.addedToQueue;
  report.verdicts.created += imported.verdicts.created;
  report.verdicts.existing += imported.verdicts.existing;
  for (const note of imported.notes) if (!report.notes.includes(note)) report.notes.push(note);
  if (!mapping || !options.queue || annotations.labels.length === 0) return;
  const labels = await importParsedLabels({
    queue: options.queue,
    parsed: { format: "langfuse", labels: annotations.labels, errors: [], notes: [] },
    existing: "skip",
  });
  if (!labels.ok) throw new UserError(`the annotation labels did not import: ${labels.errors.slice(0, SHOWN).join("; ")}`, 422);
  report.labels.created += labels.labels;
  report.labels.existing += labels.existing;
  report.labels.reviewersCreated += labels.reviewersCreated;
  report.labels.gold += labels.gold;
  for (const note of labels.notes) report.notes.push(note);
}
