import Link from "next/link";
import { Badge } from "@/app/_components/ui/badge";
import { Table, Td, Th } from "@/app/_components/ui/table";
import { HANNA_CRITERIA } from "@/lib/real-data/hanna";
import { loadHannaAsPublished, type AsPublishedTable } from "@/lib/judging/hanna-published";
import { formatStat } from "@/lib/judges/format";

/**
 * HANNA's published figure, cell for cell: the paper's statistic and convention recomputed from the imported verdicts,
 * each cell marked against the number the authors published. It sits beside Gavel's own HANNA table so a reader can
 * hold either against the paper and see why the two differ.
 */
/**
 * Recomputing the figure reads every HANNA verdict (about a second the first time, cached after): the page streams it
 * in behind a Suspense boundary rather than wait for it.
 */
export async function HannaAsPublishedSection() {
  const table = await loadHannaAsPublished();
  return table ? <HannaAsPublished table={table} /> : null;
}

export function HannaAsPublishedPending() {
  return (
    <p className="border-t border-stone-200 px-5 py-4 text-sm text-stone-500" role="status">
      Recomputing the paper&apos;s figure from the verdicts…
    </p>
  );
}

export function HannaAsPublished({ table }: { table: AsPublishedTable }) {
  const columns = [...new Map(table.cells.map((c) => [`${c.llm} ${c.variant}`, c])).values()];
  const cell = (llm: string, variant: number, criterion: string) =>
    table.cells.find((c) => c.llm === llm && c.variant === variant && c.criterion === criterion)!;
  const commit = table.source.commit.slice(0, 7);
  return (
    <div className="border-t border-stone-200" data-testid="hanna-as-published">
      <div className="space-y-1.5 px-5 pt-5 text-sm text-stone-700">
        <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
          As published: Kendall&apos;s τ-b, |τ| × 100
          <Badge tone={table.matching === table.cells.length ? "good" : "bad"} data-testid="as-published-summary">
            {table.matching} of {table.cells.length} cells match the paper
          </Badge>
        </p>
        <p>
          The paper&apos;s story-level figure (Chhun, Suchanek &amp; Clavel, TACL 2024) recomputed from these verdicts with its own
          convention: every one of the 960 stories, each LLM rating as given — including the values below 1 that code an unanswerable reply
          — against the mean human rating. Gavel&apos;s table above uses Spearman&apos;s ρ and leaves a rating outside 1–5 out as an error
          verdict, as every Gavel statistic does; the gate reads neither table but the quadratic weighted κ on the test split, errors left
          out and counted.
        </p>
        <p className="text-xs text-stone-500">
          Published numbers: <span className="font-mono">datasets/hanna/published-kendall-story-level.json</span> (with the figure&apos;s
          image), from{" "}
          <span className="font-mono">
            {table.source.repository.replace("https://github.com/", "")}@{commit} {table.source.file}
          </span>
          . ✓ = Gavel&apos;s number equals the published one; hover a cell for τ and n. OrcaPlatypus is not in the figure.
        </p>
      </div>
      <Table aria-label="HANNA as published: Kendall's tau-b per judge and criterion">
        <thead className="bg-stone-50">
          <tr>
            <Th>Judge (LLM, prompt variant)</Th>
            {HANNA_CRITERIA.map((c) => (
              <Th key={c.name} className="text-right">
                {c.name}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {columns.map(({ llm, variant, versionId }) => (
            <tr key={`${llm} ${variant}`} data-testid="as-published-row" data-model={llm} data-version={variant}>
              <Td className="whitespace-nowrap">
                {versionId ? (
                  <Link className="text-indigo-700 hover:underline" href={`/judges/versions/${versionId}`}>
                    {llm} · prompt {variant}
                  </Link>
                ) : (
                  `${llm} · prompt ${variant}`
                )}
              </Td>
              {HANNA_CRITERIA.map(({ name }) => {
                const c = cell(llm, variant, name);
                return (
                  <Td
                    key={name}
                    className="whitespace-nowrap text-right font-mono text-xs"
                    data-testid="as-published-cell"
                    data-criterion={name}
                    data-published={c.published}
                    data-match={String(c.matches)}
                    title={`τ-b = ${formatStat(c.tau, 4)} on ${c.n} stories; published ${c.published}`}
                  >
                    {c.value ?? "undefined"}{" "}
                    {c.matches ? (
                      <span className="text-emerald-700" aria-label="matches the published figure">
                        ✓
                      </span>
                    ) : (
                      <span className="text-red-700" aria-label={`differs from the published ${c.published}`}>
                        ≠ {c.published}
                      </span>
                    )}
                  </Td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
