import { writeFileSync } from "node:fs";
import path from "node:path";
import { loadLabelExport, loadQueueItemsForTools } from "../../db/label-export";
import { argillaRecords, argillaSettings } from "../../labeling/label-export/argilla";
import { labelStudioConfig, labelStudioTasks } from "../../labeling/label-export/label-studio";
import { formatExport } from "../../labeling/export";
import { exportOptions } from "../../labeling/export-options";
import { UsageError } from "../exit";
import type { Logger } from "../logger";

/** The formats that export a queue's items for labeling elsewhere, not its labels. */
export const TOOL_FORMATS = ["label-studio", "argilla"] as const;

const write = (file: string, body: string) => {
  try {
    writeFileSync(file, body);
  } catch (error) {
    throw new UsageError(`Cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
};

/**
 * `--format label-studio|argilla --out FILE`: the queue's items as Label Studio tasks (FILE) with
 * the labeling config beside it (FILE's name with .label-config.xml), or as Argilla records with
 * the dataset settings beside them (.argilla-settings.json).
 */
async function toolExport(queue: string, format: (typeof TOOL_FORMATS)[number], raw: Record<string, unknown>, logger: Logger) {
  const out = typeof raw.out === "string" ? raw.out : null;
  if (!out)
    throw new UsageError(
      `--format ${format} writes two files (the ${format === "argilla" ? "records and the dataset settings" : "tasks and the labeling config"}): give --out FILE.json`,
    );
  const loaded = await loadQueueItemsForTools(queue, { actorId: null, format, via: "cli" });
  if (!loaded) throw new UsageError(`No label queue named or with id "${queue}".`);
  const base = path.join(path.dirname(out), path.basename(out, path.extname(out)));
  const side = format === "argilla" ? `${base}.argilla-settings.json` : `${base}.label-config.xml`;
  if (format === "argilla") {
    write(out, `${JSON.stringify(argillaRecords(loaded.items, loaded.queue), null, 2)}\n`);
    write(side, `${JSON.stringify(argillaSettings(loaded.queue), null, 2)}\n`);
  } else {
    write(out, `${JSON.stringify(labelStudioTasks(loaded.items, loaded.queue), null, 2)}\n`);
    write(side, labelStudioConfig(loaded.queue));
  }
  const n = loaded.items.length;
  logger.info(
    `Wrote ${n} item${n === 1 ? "" : "s"} of "${loaded.queue.name}" as ${format === "argilla" ? "Argilla records" : "Label Studio tasks"} to ${out}, and ${format === "argilla" ? "the dataset settings" : "the labeling config"} to ${side}.`,
  );
  return { rows: n };
}

export async function labelsExport(queue: string, raw: Record<string, unknown>, logger: Logger) {
  const tool = TOOL_FORMATS.find((f) => f === raw.format);
  if (tool) return toolExport(queue, tool, raw, logger);
  const parsed = exportOptions.safeParse({ format: raw.format, rubricVersion: raw.rubricVersion, transcript: raw.transcript === true });
  if (!parsed.success)
    throw new UsageError(
      parsed.error.issues.map((i) => `--${i.path.join(".").replace("rubricVersion", "rubric-version")}: ${i.message}`).join("\n"),
    );
  const loaded = await loadLabelExport(queue, {
    rubricVersion: parsed.data.rubricVersion,
    transcript: parsed.data.transcript,
    audit: { actorId: null, format: parsed.data.format, via: "cli" },
  });
  if (!loaded) throw new UsageError(`No label queue named or with id "${queue}".`);
  const file = formatExport(loaded.rows, parsed.data.format, loaded.layout);
  const out = typeof raw.out === "string" ? raw.out : null;
  if (out) {
    try {
      writeFileSync(out, file.body);
    } catch (error) {
      throw new UsageError(`Cannot write ${out}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    logger.info(`Wrote ${loaded.rows.length} label${loaded.rows.length === 1 ? "" : "s"} of "${loaded.queue.name}" to ${out}.`);
  } else if (file.body) {
    logger.out(file.body);
  }
  return { rows: loaded.rows.length };
}
