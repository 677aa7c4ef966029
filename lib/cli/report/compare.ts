import type { Comparison, MetricDelta, TaskChange } from "@/lib/compare/compare";
import { formatMetric, points } from "@/lib/format";
import { columns, ms, pct, usd } from "./format";

type Linked = Comparison & {
  url: string | null;
  links: Record<string, { trialIndex: number; step: number | null; tool: string | null; args: unknown; url: string | null }>;
};

const value = (m: MetricDelta, x: number | null) => formatMetric(m.unit, x);

function delta(m: MetricDelta): string {
  if (m.delta === null) return m.id === "pass_power_k" && m.base !== null && m.head !== null ? "not comparable (k differs)" : "undefined";
  if (m.unit === "rate") return points(m.delta);
  if (m.unit === "count") return `${m.delta >= 0 ? "+" : "−"}${Math.abs(m.delta)}`;
  const rel = m.base ? ` (${m.delta >= 0 ? "+" : "−"}${Math.abs((m.delta / m.base) * 100).toFixed(1)}%)` : "";
  return `${m.delta >= 0 ? "+" : "−"}${m.unit === "usd" ? usd(Math.abs(m.delta)) : ms(Math.abs(m.delta))}${rel}`;
}

const counts = (side: TaskChange["base"]) => `${side.c}/${side.n}`;

function section(title: string, changes: TaskChange[], links: Linked["links"]): string[] {
  if (changes.length === 0) return [`${title} (0)`];
  const lines = [`${title} (${changes.length})`];
  for (const t of changes) {
    lines.push(
      `  ${t.taskId}  ${t.from} ${counts(t.base)} → ${t.to} ${counts(t.head)}${t.contractChanged ? "  (its contract changed)" : ""}`,
    );
    const link = links[t.taskId];
    if (link) {
      const args = JSON.stringify(link.args) ?? "";
      const at = link.step !== null ? ` step ${link.step + 1} ${link.tool} ${args.length > 100 ? `${args.slice(0, 100)}…` : args}` : "";
      lines.push(`    trial ${link.trialIndex + 1}${at}`, ...(link.url ? [`    ${link.url}`] : []));
    }
  }
  return lines;
}

/** The diff for people: what changed, task by task, then the numbers. */
export function renderComparison(c: Linked): string {
  const d = c.passRateDifference;
  const out = [
    `Compare ${c.base.runId} (base) → ${c.head.runId} (head) · suite ${c.head.suiteName}${c.sameSuiteVersion ? "" : ` (different versions: ${c.base.suiteHash.slice(0, 12)} → ${c.head.suiteHash.slice(0, 12)})`}`,
    `Agents: ${c.base.agentLabel ?? c.base.agentSpec} → ${c.head.agentLabel ?? c.head.agentSpec}`,
    `Pass rate ${pct(c.base.passRate)} → ${pct(c.head.passRate)}`,
    d.mean === null
      ? "Paired pass-rate difference: undefined (no task scored in both runs)"
      : `Paired pass-rate difference over ${d.n} task${d.n === 1 ? "" : "s"}: ${points(d.mean)}, 95% CI ${d.low === null ? "undefined (fewer than two tasks)" : `[${points(d.low)}, ${points(d.high)}]`}`,
    "",
    ...section("Newly failing", c.newlyFailing, c.links),
    ...section("Newly passing", c.newlyPassing, c.links),
    ...section("Newly flaky", c.newlyFlaky, c.links),
    ...section("Other status changes", c.otherChanges, c.links),
    `Unchanged: ${c.unchanged.length} task${c.unchanged.length === 1 ? "" : "s"}`,
  ];
  if (c.added.length) out.push(`Only in head: ${c.added.join(", ")}`);
  if (c.removed.length) out.push(`Only in base: ${c.removed.join(", ")}`);
  out.push(
    "",
    "Metrics",
    columns([["METRIC", "BASE", "HEAD", "CHANGE"], ...c.metrics.map((m) => [m.name, value(m, m.base), value(m, m.head), delta(m)])]),
    "",
    c.url ? `Compare page: ${c.url}` : "Compare page: pass --base-url URL (or set GAVEL_URL) for links to your Gavel server",
  );
  return out.join("\n");
}
