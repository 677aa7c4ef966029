import { writeFileSync } from "node:fs";
import { loadLabelExport } from "../../db/label-export";
import { formatExport } from "../../labeling/export";
import { exportOptions } from "../../labeling/export-options";
import { UsageError } from "../exit";
import type { Logger } from "../logger";

export async function labelsExport(queue: string, raw: Record<string, unknown>, logger: Logger) {
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
