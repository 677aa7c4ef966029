import Link from "next/link";
import { Badge } from "@/app/_components/ui/badge";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { Table, TableHead, Td, type Column } from "@/app/_components/ui/table";
import { TabBar } from "@/app/_components/ui/tabs";
import type { RealData, RealJudgeRow } from "@/lib/judging/real-data";
import { formatInterval, formatPercent, formatStat } from "@/lib/judges/format";

/**
 * "Real judges, real humans": the imported LLMBar and HANNA judges against the human gold labels.
 * Every number links to the calibration it comes from; the README says how to recompute any of them.
 */
const link = "text-indigo-700 hover:underline";

function GateCell({ row }: { row: RealJudgeRow }) {
  const failing = row.gate.rules.filter((r) => !r.passed);
  return (
    <span
      className="inline-flex items-center gap-1.5 whitespace-nowrap"
      title={failing.map((r) => `${r.label}: ${r.actual}`).join("\n") || "every rule holds"}
      data-testid="gate"
    >
      {row.gate.passed ? <Badge tone="good">clears the bar</Badge> : <Badge tone="bad">fails the gate</Badge>}
      <span className="font-mono text-xs text-stone-600">test κ {formatStat(row.test?.kappa)}</span>
    </span>
  );
}

function LlmbarTable({ rows, queueName }: { rows: RealJudgeRow[]; queueName: string }) {
  return (
    <Table aria-label={`Judges on ${queueName}`}>
      <TableHead
        columns={[
          "Judge (prompt)",
          "Model",
          { label: "κ vs gold", className: "text-right" },
          "Wald 95%",
          { label: "n", className: "text-right" },
          "Gate (test split)",
          { label: "Accuracy original / swapped", className: "text-right" },
          { label: "Position consistency", className: "text-right" },
          { label: "Errors orig. / swapped", className: "text-right" },
          "Human ceiling",
        ]}
      />
      <tbody className="divide-y divide-stone-100">
        {rows.map((row) => (
          <tr key={row.versionId} data-testid="real-judge-row" data-set={row.queueName} data-judge={row.judgeName} data-model={row.model}>
            <Td className="whitespace-nowrap">
              <Link className={link} href={`/judges/versions/${row.versionId}`}>
                {row.judgeName} v{row.version}
              </Link>
            </Td>
            <Td className="font-mono text-xs">{row.model}</Td>
            <Td className="text-right font-mono" data-stat="kappa">
              {row.all ? (
                <Link className={link} href={`/judges/calibrations/${row.all.id}`}>
                  {formatStat(row.all.kappa)}
                </Link>
              ) : (
                "—"
              )}
            </Td>
            <Td className="whitespace-nowrap font-mono text-xs" data-stat="interval">
              {formatInterval(row.all?.ci)}
            </Td>
            <Td className="text-right font-mono text-xs" data-stat="n">
              {row.all?.n ?? "—"}
            </Td>
            <Td>
              <GateCell row={row} />
            </Td>
            <Td className="text-right font-mono text-xs" data-stat="accuracy">
              {formatPercent(row.orders?.original.accuracy)} / {formatPercent(row.orders?.swapped.accuracy)}
            </Td>
            <Td className="text-right font-mono text-xs" data-stat="position">
              {formatStat(row.position?.rate)}
              {row.position ? (
                <span className="text-stone-500">
                  {" "}
                  ({row.position.consistent}/{row.position.n})
                </span>
              ) : null}
            </Td>
            <Td className="text-right font-mono text-xs" data-stat="errors">
              {row.orders ? `${row.orders.original.errors} / ${row.orders.swapped.errors}` : "—"}
            </Td>
            <Td
              className="text-xs text-stone-500"
              title="LLMBar publishes one gold label per item: there is no second human to compare with"
            >
              —
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function Upgrade({ upgrade }: { upgrade: NonNullable<RealData["llmbar"]["upgrade"]> }) {
  const { base, candidate } = upgrade;
  const href = `/judges/compare?base=${base.versionId}&candidate=${candidate.versionId}&queue=${candidate.queueId}`;
  return (
    <CardBody className="border-t border-stone-200 text-sm" data-testid="model-upgrade">
      <p className="font-medium text-stone-900">
        Model upgrade: {candidate.judgeName} v{base.version} ({base.model}) → v{candidate.version} ({candidate.model}) on{" "}
        {candidate.queueName}
      </p>
      <p className="text-stone-600">
        The same prompt with a new model is a new version that has to earn approval again. Test-split κ {formatStat(base.test?.kappa)} →{" "}
        {formatStat(candidate.test?.kappa)}.{" "}
        <Link className={link} href={href}>
          Open the drift view
        </Link>{" "}
        for both versions side by side and the items whose verdict flipped.
      </p>
    </CardBody>
  );
}

/** The HANNA page's three tables, one per view: all three in one page were 345 KB of HTML (#31). */
export const HANNA_VIEWS = [
  { key: "spearman", label: "Spearman's ρ per criterion" },
  { key: "kappa", label: "Weighted κ and the gate" },
  { key: "published", label: "As published (the paper's figure)" },
] as const;
export type HannaView = (typeof HANNA_VIEWS)[number]["key"];

/** The view a `?table=` parameter names, Spearman's ρ when it names none. */
export function hannaView(param: unknown): HannaView {
  return HANNA_VIEWS.find((v) => v.key === param)?.key ?? "spearman";
}

function hannaCells(hanna: RealData["hanna"]) {
  const versions = [...new Map(hanna.rows.map((r) => [r.versionId, r])).values()];
  const cell = (versionId: string, criterion: string) =>
    hanna.rows.find((r) => r.versionId === versionId && r.queueName === `HANNA ${criterion}`);
  // Both tables: one row per judge version, one column per HANNA criterion.
  const criteriaColumns: Column[] = [
    "Judge (LLM, prompt variant)",
    ...hanna.criteria.map((c) => ({ label: c.name, className: "text-right" })),
  ];
  return { versions, cell, criteriaColumns };
}

function HannaSpearmanTable({ hanna }: { hanna: RealData["hanna"] }) {
  const { versions, cell, criteriaColumns } = hannaCells(hanna);
  const errors = (versionId: string) =>
    hanna.rows.filter((r) => r.versionId === versionId).reduce((sum, r) => sum + (r.all?.errors ?? 0), 0);
  return (
    <Table
      aria-label="HANNA: Spearman's rho per judge and criterion"
      captionClassName="px-5 pt-3 text-sm text-stone-700"
      caption={
        <>
          Spearman&apos;s ρ between each LLM&apos;s rating and the mean of three human ratings, all {hanna.rows[0]?.all?.n ?? "960"}{" "}
          generated stories (less the errors). Beside them, the humans' leave-one-out ρ: each rater against the mean of the other two.
        </>
      }
    >
      <TableHead columns={[...criteriaColumns, { label: "Errors", className: "text-right" }]} />
      <tbody className="divide-y divide-stone-100" data-testid="hanna-spearman">
        {versions.map((v) => (
          <tr key={v.versionId} data-testid="hanna-row" data-judge={v.judgeName} data-model={v.model} data-version={v.version}>
            <Td className="whitespace-nowrap">
              <Link className={link} href={`/judges/versions/${v.versionId}`}>
                {v.model} · prompt {v.version}
              </Link>
            </Td>
            {hanna.criteria.map((c) => {
              const row = cell(v.versionId, c.name);
              return (
                <Td key={c.name} className="text-right font-mono text-xs" data-criterion={c.name} data-stat="spearman">
                  {row?.all ? (
                    <Link className={link} href={`/judges/calibrations/${row.all.id}`}>
                      {formatStat(row.all.spearman)}
                    </Link>
                  ) : (
                    "—"
                  )}
                </Td>
              );
            })}
            <Td className="text-right font-mono text-xs" title="published ratings outside 1–5: left out of every statistic">
              {errors(v.versionId)}
            </Td>
          </tr>
        ))}
        <tr className="bg-stone-50" data-testid="hanna-ceiling">
          <Td className="font-medium">Human raters: leave-one-out ρ</Td>
          {hanna.criteria.map((c) => (
            <Td key={c.name} className="text-right font-mono text-xs" data-criterion={c.name}>
              {formatStat(c.ceilingRho)}
            </Td>
          ))}
          <Td />
        </tr>
      </tbody>
    </Table>
  );
}

function HannaKappaTable({ hanna }: { hanna: RealData["hanna"] }) {
  const { versions, cell, criteriaColumns } = hannaCells(hanna);
  return (
    <Table
      aria-label="HANNA: weighted kappa and gate per judge and criterion"
      captionClassName="px-5 pt-5 text-sm text-stone-700"
      caption={
        <>
          Quadratic weighted κ on the held-out test split (what the gate reads) with its Wald 95% interval; ✓ clears the gate, ✗ does not.
          Human ceiling: Fleiss&apos; κ (quadratic weights) among the three raters on the test split&apos;s items, the one rule every page
          uses (docs/statistics.md); Krippendorff&apos;s α (ordinal) among them beside it.
        </>
      }
    >
      <TableHead columns={criteriaColumns} />
      <tbody className="divide-y divide-stone-100" data-testid="hanna-kappa">
        {versions.map((v) => (
          <tr key={v.versionId} data-judge={v.judgeName} data-model={v.model} data-version={v.version}>
            <Td className="whitespace-nowrap">
              {v.model} · prompt {v.version}
            </Td>
            {hanna.criteria.map((c) => {
              const row = cell(v.versionId, c.name);
              return (
                <Td key={c.name} className="whitespace-nowrap text-right font-mono text-xs" data-criterion={c.name}>
                  {row?.test ? (
                    <span
                      title={
                        row.gate.rules
                          .filter((r) => !r.passed)
                          .map((r) => `${r.label}: ${r.actual}`)
                          .join("\n") || "every rule holds"
                      }
                    >
                      {formatStat(row.test.kappa)} <span className="text-stone-500">{formatInterval(row.test.ci, 2)}</span>{" "}
                      <span
                        className={row.gate.passed ? "text-emerald-700" : "text-red-700"}
                        aria-label={row.gate.passed ? "clears the gate" : "fails the gate"}
                      >
                        {row.gate.passed ? "✓" : "✗"}
                      </span>
                    </span>
                  ) : (
                    "—"
                  )}
                </Td>
              );
            })}
          </tr>
        ))}
        <tr className="bg-stone-50" data-testid="hanna-human-ceiling">
          <Td className="font-medium">Human ceiling: Fleiss&apos; κ (quadratic)</Td>
          {hanna.criteria.map((c) => (
            <Td key={c.name} className="text-right font-mono text-xs" data-criterion={c.name}>
              {formatStat(c.humanFleiss)}
            </Td>
          ))}
        </tr>
        <tr className="bg-stone-50">
          <Td className="font-medium">Human raters: Krippendorff&apos;s α (ordinal)</Td>
          {hanna.criteria.map((c) => (
            <Td key={c.name} className="text-right font-mono text-xs">
              {formatStat(c.humanAlpha)}
            </Td>
          ))}
        </tr>
      </tbody>
    </Table>
  );
}

/** What every number on the imported data sets' pages means, under the current gate policy. */
export function RealDataIntro({ policy }: { policy: RealData["policy"] }) {
  return (
    <p className="max-w-4xl text-sm text-stone-600">
      Public data sets in which the same items carry human judgments and LLM-judge verdicts, imported as judge versions on the replay
      provider. κ is Cohen&apos;s κ against the human gold label on every item (errors left out and counted); the gate reads the held-out
      test split under the current policy (κ ≥ {policy.minKappa.toFixed(2)}, ≥ {policy.minItems} items, ≥ {policy.minPerClass} per class).
      Accuracy counts an unparseable verdict as wrong, as LLMBar&apos;s authors do. Click any number for its calibration, pairs CSV and the{" "}
      <span className="font-mono">gavel agreement</span> command that reprints it.
    </p>
  );
}

/** LLMBar: one card per label set (MT-Bench, Natural), with the model upgrade under the set it is on. */
export function LlmbarSection({ llmbar }: { llmbar: RealData["llmbar"] }) {
  return (
    <>
      {llmbar.queues.map((queue) => {
        const rows = llmbar.rows.filter((r) => r.queueId === queue.id);
        return (
          <Card key={queue.id} data-testid={`real-set-${queue.name}`}>
            <CardHeader
              title={`${queue.name} (pairwise)`}
              description={
                queue.name.endsWith("MT-Bench")
                  ? "200 items; gold: the majority vote of MT-Bench's expert judges. Judges asked in both orders."
                  : "100 items; gold: LLMBar's expert-curated objective answer. Judges asked in both orders."
              }
            />
            <LlmbarTable rows={rows} queueName={queue.name} />
            {llmbar.upgrade && llmbar.upgrade.candidate.queueId === queue.id ? <Upgrade upgrade={llmbar.upgrade} /> : null}
          </Card>
        );
      })}
    </>
  );
}

/** One of HANNA's three tables under tabs; `asPublished` is the paper's figure recomputed (its own view). */
export function HannaSection({
  hanna,
  view,
  asPublished = null,
}: {
  hanna: RealData["hanna"];
  view: HannaView;
  asPublished?: React.ReactNode;
}) {
  return (
    <Card data-testid="real-set-HANNA">
      <CardHeader
        title="HANNA (graded 1–5, six criteria)"
        description="960 machine-generated stories, each rated 1–5 on six criteria by three human raters; gold = their mean. Each LLM rated them with four prompt variants."
      />
      <TabBar
        label="HANNA tables"
        className="px-5 pt-2"
        tabs={HANNA_VIEWS.map((v) => ({ href: `/judges/datasets/hanna?table=${v.key}`, label: v.label, current: v.key === view }))}
      />
      {view === "spearman" ? <HannaSpearmanTable hanna={hanna} /> : view === "kappa" ? <HannaKappaTable hanna={hanna} /> : asPublished}
    </Card>
  );
}
