import { readFileSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { parse } from "csv-parse/sync";
import { z } from "zod";
import { AGREEMENT_METRICS, agreementJson, agreementReport, type AgreementReport } from "../../judges/agreement";
import { formatInterval, formatStat } from "../../judges/format";
import { EXIT, UsageError } from "../exit";
import type { Logger } from "../logger";
import type { RegisterCommand } from "./index";

/**
 * `gavel agreement FILE --a COL --b COL`: the statistics of the calibration page for any two rating
 * columns of a CSV or JSONL file. Column a is the rater measured (say, a judge), column b the
 * reference (the human label): TPR is the share of b's positives that a also calls positive.
 */
const optionsSchema = z.object({
  a: z.string({ error: "Name the first rating column with --a COL." }).min(1),
  b: z.string({ error: "Name the second rating column with --b COL." }).min(1),
  metric: z.enum(AGREEMENT_METRICS, { error: `--metric must be one of ${AGREEMENT_METRICS.join(", ")}` }).default("kappa"),
  positive: z.string().min(1).optional(),
  categories: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").map((c) => c.trim()).filter(Boolean) : undefined)),
  level: z.enum(["nominal", "ordinal", "interval"], { error: "--level must be nominal, ordinal or interval" }).default("nominal"),
  seed: z.coerce.number().int("--seed must be a whole number").default(1),
  json: z.boolean().default(false),
});

type Row = Record<string, unknown>;

export function readRows(file: string): { rows: Row[]; columns: string[] } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const ext = path.extname(file).toLowerCase();
  if (ext === ".jsonl" || ext === ".ndjson") {
    const rows: Row[] = [];
    text.split(/\r?\n/).forEach((line, i) => {
      if (!line.trim()) return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new UsageError(`${file}, line ${i + 1}: not valid JSON.`);
      }
      if (!value || typeof value !== "object" || Array.isArray(value)) throw new UsageError(`${file}, line ${i + 1}: each line must be a JSON object.`);
      rows.push(value as Row);
    });
    return { rows, columns: [...new Set(rows.flatMap((r) => Object.keys(r)))] };
  }
  if (ext === ".csv" || ext === ".tsv") {
    try {
      const rows = parse(text, { columns: true, skip_empty_lines: true, delimiter: ext === ".tsv" ? "\t" : ",", bom: true }) as Row[];
      const header = parse(text.split(/\r?\n/, 1)[0] ?? "", { delimiter: ext === ".tsv" ? "\t" : ",", bom: true }) as string[][];
      return { rows, columns: header[0] ?? [] };
    } catch (error) {
      throw new UsageError(`${file} is not valid CSV: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new UsageError(`${file}: use a .csv, .tsv or .jsonl file.`);
}

function cell(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === "string" ? value.trim() : typeof value === "number" || typeof value === "boolean" ? String(value) : JSON.stringify(value);
  return text === "" ? null : text;
}

export function runAgreement(file: string, raw: Record<string, unknown>, logger: Logger): AgreementReport {
  const parsed = optionsSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join("\n"));
  const options = parsed.data;
  const { rows, columns } = readRows(file);
  for (const column of [options.a, options.b]) {
    if (!columns.includes(column)) throw new UsageError(`${file} has no column "${column}"; its columns are ${columns.join(", ") || "(none)"}.`);
  }
  const a: string[] = [];
  const b: string[] = [];
  let skipped = 0;
  for (const row of rows) {
    const x = cell(row[options.a]);
    const y = cell(row[options.b]);
    if (x === null || y === null) skipped++;
    else {
      a.push(x);
      b.push(y);
    }
  }
  let report: AgreementReport;
  try {
    report = agreementReport(a, b, { metric: options.metric, positive: options.positive, categories: options.categories, level: options.level, seed: options.seed });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (skipped > 0) logger.warn(`${skipped} row${skipped === 1 ? "" : "s"} left out: a value is missing in "${options.a}" or "${options.b}".`);
  logger.out(options.json ? JSON.stringify(agreementJson(report), null, 2) : agreementTable(report, options.a, options.b));
  return report;
}

const METRIC_NAMES: Record<string, string> = {
  kappa: "Cohen's kappa",
  "kappa-linear": "weighted kappa (linear)",
  "kappa-quadratic": "weighted kappa (quadratic)",
  spearman: "Spearman's rho",
  kendall: "Kendall's tau-b",
  krippendorff: "Krippendorff's alpha",
};

/** Past this many distinct values (averaged ratings, scores) the matrix is too wide to read in a terminal. */
const MAX_PRINTED_CATEGORIES = 12;

export function agreementTable(r: AgreementReport, a: string, b: string): string {
  const lines = [`${METRIC_NAMES[r.metric]} of "${a}" against "${b}" on ${r.n} items`, ""];
  const row = (name: string, value: string, extra = "") => lines.push(`  ${name.padEnd(20)}${value.padStart(10)}${extra ? `   ${extra}` : ""}`);
  // Four decimals for the headline value, enough to hold it against a published figure (HANNA's τ-b 0.2221).
  row(r.metric, formatStat(r.value, 4), r.se !== null ? `SE ${formatStat(r.se)}   Wald 95% ${formatInterval(r.ci95)}` : "");
  if (r.bootstrap) row("", "", `bootstrap 95% ${formatInterval(r.bootstrap)} (seed ${r.bootstrap.seed}, ${r.bootstrap.iterations} resamples)`);
  row("accuracy", formatStat(r.accuracy), `Wilson 95% ${formatInterval(r.accuracyCi)}`);
  if (r.positive !== null) {
    row(`TPR (${r.positive})`, formatStat(r.tpr), `Wilson 95% ${formatInterval(r.tprCi)}`);
    row("TNR", formatStat(r.tnr), `Wilson 95% ${formatInterval(r.tnrCi)}`);
    row("balanced accuracy", formatStat(r.balancedAccuracy));
  }
  if (r.metric !== "kappa") row("kappa (unweighted)", formatStat(r.kappa));
  if (r.spearman !== null || r.metric === "spearman") row("spearman", formatStat(r.spearman));
  if (r.metric !== "kendall" && r.kendall !== null) row("kendall tau-b", formatStat(r.kendall));
  if (r.confusion.labels.length > MAX_PRINTED_CATEGORIES) {
    lines.push("", `  confusion matrix: ${r.confusion.labels.length} × ${r.confusion.labels.length} distinct values, too many to print (--json has it)`);
    return lines.join("\n");
  }
  lines.push("", `  confusion matrix (rows "${a}", columns "${b}")`);
  const width = Math.max(6, ...r.confusion.labels.map((l) => l.length + 1));
  lines.push(`  ${"".padEnd(width)}${r.confusion.labels.map((l) => l.padStart(width)).join("")}`);
  r.confusion.matrix.forEach((counts, i) => lines.push(`  ${r.confusion.labels[i]!.padEnd(width)}${counts.map((c) => String(c).padStart(width)).join("")}`));
  return lines.join("\n");
}

export const registerAgreement: RegisterCommand = (program: Command, { logger }: { logger: Logger }) => {
  program
    .command("agreement")
    .description("Agreement statistics (kappa with intervals, accuracy, TPR/TNR, confusion matrix) between two rating columns of a CSV or JSONL file")
    .argument("<file>", "a .csv, .tsv or .jsonl file")
    .option("--a <column>", "the rater measured (e.g. the judge)")
    .option("--b <column>", "the reference rater (e.g. the human label)")
    .option("--metric <metric>", `one of ${AGREEMENT_METRICS.join(", ")}`, "kappa")
    .option("--positive <label>", "the label counted as positive for TPR and TNR (default: pass, A, true, yes or 1 when present)")
    .option("--categories <list>", "comma-separated categories in scale order (weights of weighted kappa); default: the observed ones, sorted")
    .option("--level <level>", "Krippendorff's alpha level: nominal, ordinal or interval", "nominal")
    .option("--seed <n>", "seed of the bootstrap interval", "1")
    .option("--json", "print {metric, n, value, se, ci95, accuracy, confusion, tpr, tnr} as JSON (null when undefined)")
    .action((file: string, options: Record<string, unknown>) => {
      runAgreement(file, options, logger);
      process.exitCode = EXIT.ok;
    });
};
