import path from "node:path";
import type { Command } from "commander";
import { parse } from "csv-parse/sync";
import { z } from "zod";
import { AGREEMENT_METRICS, agreementJson, agreementReport, type AgreementReport } from "../../judges/agreement";
import { calibrationHeadline, chooseEstimator, type DesignEntry, type Estimator } from "../../judges/estimator";
import { formatInterval, formatStat } from "../../judges/format";
import { planGate, planSentence, type GatePlan } from "../../judges/plan";
import { EXIT, UsageError } from "../exit";
import { parseFlags, readUserFile } from "../user-input";
import { missingSentence, readColumns, readsNumbers } from "./agreement-input";
import { ppiFromRows, ppiTable } from "./agreement-ppi";
import type { Logger } from "../logger";
import type { RegisterCommand } from "./register";

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
    .transform((v) =>
      v
        ? v
            .split(",")
            .map((c) => c.trim())
            .filter(Boolean)
        : undefined,
    ),
  level: z.enum(["nominal", "ordinal", "interval"], { error: "--level must be nominal, ordinal or interval" }).default("nominal"),
  seed: z.coerce.number().int("--seed must be a whole number").default(1),
  planBar: z.coerce
    .number({ error: "--plan-bar must be a number" })
    .min(-1, "--plan-bar must be between -1 and 1")
    .max(1, "--plan-bar must be between -1 and 1")
    .optional(),
  minItems: z.coerce.number().int("--min-items must be a whole number").min(0, "--min-items must be 0 or more").optional(),
  minPerClass: z.coerce.number().int("--min-per-class must be a whole number").min(0, "--min-per-class must be 0 or more").optional(),
  ppi: z.boolean().default(false),
  ppiHalfWidth: z.coerce
    .number({ error: "--ppi-half-width must be a number" })
    .gt(0, "--ppi-half-width must be above 0")
    .lt(1, "--ppi-half-width must be below 1")
    .optional(),
  inclusion: z.string().min(1, "--inclusion needs a column").optional(),
  stratum: z.string().min(1, "--stratum needs a column").optional(),
  json: z.boolean().default(false),
});

type Row = Record<string, unknown>;

export function readRows(file: string): { rows: Row[]; columns: string[] } {
  const text = readUserFile(file);
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
      if (!value || typeof value !== "object" || Array.isArray(value))
        throw new UsageError(`${file}, line ${i + 1}: each line must be a JSON object.`);
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

/**
 * The sample-size plan for a bar: the report's value and SE (κ metrics and Kendall's τ-b carry one), and the counts of
 * the reference column b per category for the per-class rule.
 */
export function planFor(
  report: AgreementReport,
  b: readonly string[],
  rules: { bar: number; minItems?: number; minPerClass?: number },
): GatePlan {
  const classCounts = Object.fromEntries(report.categories.map((c) => [c, 0]));
  for (const value of b) classCounts[value] = (classCounts[value] ?? 0) + 1;
  return planGate({ n: report.n, estimate: report.value, se: report.se, classCounts, classes: report.categories }, rules);
}

export function runAgreement(file: string, raw: Record<string, unknown>, logger: Logger): AgreementReport {
  const options = parseFlags(optionsSchema, raw, "\n");
  const { rows, columns } = readRows(file);
  for (const column of [options.a, options.b]) {
    if (!columns.includes(column))
      throw new UsageError(`${file} has no column "${column}"; its columns are ${columns.join(", ") || "(none)"}.`);
  }
  const { rows: cells, missing } = readColumns(rows, options.a, options.b, readsNumbers(options.metric, options.level));
  const both = cells.filter((r) => r.a !== null && r.b !== null);
  const a = both.map((r) => r.a!);
  const b = both.map((r) => r.b!);
  let report: AgreementReport;
  try {
    report = agreementReport(a, b, {
      metric: options.metric,
      positive: options.positive,
      categories: options.categories,
      level: options.level,
      seed: options.seed,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const said = missingSentence(
    missing,
    options.a,
    options.b,
    options.ppi ? "without both values (the rest of the PPI's unlabeled trials)" : "left out",
  );
  if (said) logger.warn(said);
  if (options.stratum !== undefined && options.inclusion === undefined)
    throw new UsageError("--stratum belongs to a stratified sample: give each row's inclusion probability with --inclusion COL.");
  if ((options.minItems !== undefined || options.minPerClass !== undefined) && options.planBar === undefined) {
    throw new UsageError("--min-items and --min-per-class belong to a plan: give the bar with --plan-bar B.");
  }
  const plan =
    options.planBar === undefined
      ? null
      : planFor(report, b, { bar: options.planBar, minItems: options.minItems, minPerClass: options.minPerClass });
  const estimator = options.inclusion ? designEstimator(file, rows, columns, both, report, options) : null;
  let ppi: ReturnType<typeof ppiFromRows> | null = null;
  if (options.ppi) {
    const positive = options.positive ?? report.positive;
    if (!positive) throw new UsageError("--ppi estimates a pass rate: name the passing label with --positive LABEL.");
    ppi = ppiFromRows(cells, positive, options.ppiHalfWidth);
  }
  // With a design, the headline is the estimator a calibration's gate reads (calibrationHeadline), as `gavel judge calibrate --json` prints it.
  const headline = estimator ? calibrationHeadline({ report, estimator }) : {};
  if (options.json)
    logger.out(
      JSON.stringify({ ...agreementJson(report), missing, ...headline, ...(plan ? { plan } : {}), ...(ppi ? { ppi } : {}) }, null, 2),
    );
  else
    logger.out(
      (estimator ? estimatorLines(estimator, report, options.inclusion!) : "") +
        agreementTable(report, options.a, options.b) +
        (plan ? `\n\n${planTable(plan)}` : "") +
        (ppi ? `\n\n${ppiTable(ppi, options.a, options.b)}` : ""),
    );
  return report;
}

/**
 * A stratified sample's estimator from the file's own design columns: each row's inclusion probability π (and stratum),
 * read exactly as a calibration reads its draw (lib/judges/estimator.ts), so a calibration's exported pairs give back
 * the numbers its gate reads. Every used row must carry a π in (0, 1]; anything else is refused with its row.
 */
function designEstimator(
  file: string,
  rows: Row[],
  columns: string[],
  both: { row: number; a: string | null; b: string | null }[],
  report: AgreementReport,
  options: { inclusion?: string; stratum?: string; metric: string; seed: number },
): Estimator {
  if (options.metric !== "kappa" && options.metric !== "kappa-quadratic")
    throw new UsageError("--inclusion weights κ, accuracy, TPR and TNR: use it with --metric kappa or kappa-quadratic.");
  for (const column of [options.inclusion!, options.stratum].filter((c): c is string => c !== undefined)) {
    if (!columns.includes(column))
      throw new UsageError(`${file} has no column "${column}"; its columns are ${columns.join(", ") || "(none)"}.`);
  }
  const design: Record<string, DesignEntry> = {};
  const pairs = both.map((cell) => {
    const record = rows[cell.row - 1]!;
    const raw = String(record[options.inclusion!] ?? "").trim();
    const probability = Number(raw);
    if (raw === "" || !Number.isFinite(probability) || probability <= 0 || probability > 1)
      throw new UsageError(`Column "${options.inclusion}", row ${cell.row}: an inclusion probability is a number in (0, 1], not "${raw}".`);
    const stratum = options.stratum ? String(record[options.stratum] ?? "").trim() : "all";
    if (!stratum) throw new UsageError(`Column "${options.stratum}", row ${cell.row}: the stratum is empty.`);
    design[String(cell.row)] = { probability, stratum };
    return { transcriptId: String(cell.row), judge: cell.a!, gold: cell.b! };
  });
  try {
    return chooseEstimator(pairs, design, {
      kind: options.metric === "kappa-quadratic" ? "graded" : "binary",
      categories: report.categories,
      positive: report.positive,
      seed: options.seed,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function estimatorLines(estimator: Estimator, report: AgreementReport, column: string): string {
  if (estimator.name !== "horvitz-thompson")
    return `Every row has the same inclusion probability ("${column}"): the sample's own numbers below are the estimate.\n\n`;
  const h = calibrationHeadline({ report, estimator });
  const ci = h.ci95 ? { low: h.ci95[0], high: h.ci95[1] } : null;
  return `Horvitz–Thompson weighted estimate (each row counts 1/π, π from "${column}"): κ ${formatStat(h.value)} bootstrap 95% ${formatInterval(ci)}, accuracy ${formatStat(h.accuracy)}, TPR ${formatStat(h.tpr)}, TNR ${formatStat(h.tnr)}.\nUnweighted (the sample as drawn, not the population):\n`;
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
  const row = (name: string, value: string, extra = "") =>
    lines.push(`  ${name.padEnd(20)}${value.padStart(10)}${extra ? `   ${extra}` : ""}`);
  // Four decimals for the headline value, enough to hold it against a published figure (HANNA's τ-b 0.2221).
  row(r.metric, formatStat(r.value, 4), r.se !== null ? `SE ${formatStat(r.se)}   Wald 95% ${formatInterval(r.ci95)}` : "");
  if (r.bootstrap)
    row("", "", `bootstrap 95% ${formatInterval(r.bootstrap)} (seed ${r.bootstrap.seed}, ${r.bootstrap.iterations} resamples)`);
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
    lines.push(
      "",
      `  confusion matrix: ${r.confusion.labels.length} × ${r.confusion.labels.length} distinct values, too many to print (--json has it)`,
    );
    return lines.join("\n");
  }
  lines.push("", `  confusion matrix (rows "${a}", columns "${b}")`);
  const width = Math.max(6, ...r.confusion.labels.map((l) => l.length + 1));
  lines.push(`  ${"".padEnd(width)}${r.confusion.labels.map((l) => l.padStart(width)).join("")}`);
  r.confusion.matrix.forEach((counts, i) =>
    lines.push(`  ${r.confusion.labels[i]!.padEnd(width)}${counts.map((c) => String(c).padStart(width)).join("")}`),
  );
  return lines.join("\n");
}

function planTable(plan: GatePlan): string {
  return [
    `  plan for the bar ${plan.bar} (95% Wald interval, SE ∝ 1/√n): ${plan.state}`,
    `    ${planSentence(plan)}`,
    plan.nStar !== null ? `    n* = ${plan.nStar} (${plan.moreToDecide} more) if κ and the per-item spread hold` : null,
  ]
    .filter((l) => l !== null)
    .join("\n");
}

export const registerAgreement: RegisterCommand = (program: Command, { logger }: { logger: Logger }) => {
  program
    .command("agreement")
    .description(
      "Agreement statistics (kappa with intervals, accuracy, TPR/TNR, confusion matrix) between two rating columns of a CSV or JSONL file",
    )
    .argument("<file>", "a .csv, .tsv or .jsonl file")
    .option("--a <column>", "the rater measured (e.g. the judge)")
    .option("--b <column>", "the reference rater (e.g. the human label)")
    .option("--metric <metric>", `one of ${AGREEMENT_METRICS.join(", ")}`, "kappa")
    .option("--positive <label>", "the label counted as positive for TPR and TNR (default: pass, A, true, yes or 1 when present)")
    .option(
      "--categories <list>",
      "comma-separated categories in scale order (weights of weighted kappa); default: the observed ones, sorted",
    )
    .option("--level <level>", "Krippendorff's alpha level: nominal, ordinal or interval", "nominal")
    .option("--seed <n>", "seed of the bootstrap interval", "1")
    .option("--plan-bar <bar>", "plan how many more items would let the 95% interval decide this bar (adds plan to --json)")
    .option("--min-items <n>", "with --plan-bar: the gate's minimum number of items")
    .option("--min-per-class <n>", "with --plan-bar: the gate's minimum per class (of column b)")
    .option(
      "--ppi",
      "the pass rate humans would give over every row, by prediction-powered inference (rows with an empty --b are unlabeled)",
    )
    .option("--ppi-half-width <x>", "with --ppi: plan the labels that would narrow the 95% interval to ±x (default 0.05)")
    .option(
      "--inclusion <column>",
      "a stratified sample: each row's inclusion probability π; κ, accuracy, TPR and TNR are then Horvitz–Thompson weighted (as a calibration's export gives them)",
    )
    .option("--stratum <column>", "with --inclusion: each row's stratum (the bootstrap resamples within strata)")
    .option("--json", "print {metric, n, value, se, ci95, accuracy, confusion, tpr, tnr} as JSON (null when undefined)")
    .action((file: string, options: Record<string, unknown>) => {
      runAgreement(file, options, logger);
      process.exitCode = EXIT.ok;
    });
};
