import { Table, TableHead, Td, Th } from "@/app/_components/ui/table";
import { formatInterval, formatPercent, formatStat } from "@/lib/judges/format";
import type { PairAgreement, QueueAgreement } from "@/lib/labeling/agreement";

export function Stat({ label, value, note, testId }: { label: string; value: string; note?: React.ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="mt-1 font-mono text-2xl text-stone-900" data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </dd>
      {note ? <dd className="mt-1 text-xs text-stone-600">{note}</dd> : null}
    </div>
  );
}

function Confusion({ pair, categories, emails }: { pair: PairAgreement; categories: string[]; emails: Map<string, string> }) {
  return (
    <details>
      <summary className="cursor-pointer text-xs text-stone-600">Table</summary>
      <table
        className="mt-1 font-mono text-xs"
        aria-label={`Confusion table of ${emails.get(pair.reviewerA)} and ${emails.get(pair.reviewerB)}`}
      >
        <caption className="text-left text-stone-500">
          rows {emails.get(pair.reviewerA)}, columns {emails.get(pair.reviewerB)}
        </caption>
        <thead>
          <tr>
            <th />
            {categories.map((c) => (
              <th key={c} className="px-2 text-right font-normal text-stone-500">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pair.confusion.map((row, i) => (
            <tr key={categories[i]}>
              <th className="pr-2 text-left font-normal text-stone-500">{categories[i]}</th>
              {row.map((count, j) => (
                <td key={categories[j]} className={i === j ? "px-2 text-right text-emerald-800" : "px-2 text-right text-amber-800"}>
                  {count}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export function PairTable({
  pairs,
  emails,
  categories,
  graded,
  testId = "pair-table",
}: {
  pairs: PairAgreement[];
  emails: Map<string, string>;
  categories: string[];
  graded: boolean;
  testId?: string;
}) {
  return (
    <Table data-testid={testId}>
      <thead className="bg-stone-50">
        <tr>
          <Th>Reviewers</Th>
          <Th className="text-right">n</Th>
          <Th className="text-right">Cohen&rsquo;s κ</Th>
          <Th>95% interval</Th>
          <Th className="text-right">SE</Th>
          {graded ? <Th className="text-right">Weighted κ (quadratic)</Th> : null}
          <Th className="text-right">Agreement</Th>
          <Th>Notes</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {pairs.map((pair) => {
          const a = emails.get(pair.reviewerA) ?? pair.reviewerA;
          const b = emails.get(pair.reviewerB) ?? pair.reviewerB;
          return (
            <tr key={`${pair.reviewerA}/${pair.reviewerB}`} data-testid={`pair-${a}-${b}`}>
              <Td>
                <div>{a}</div>
                <div>{b}</div>
              </Td>
              <Td className="text-right font-mono" data-testid="pair-n">
                {pair.n}
              </Td>
              <Td className="text-right font-mono" data-testid="pair-kappa">
                {formatStat(pair.kappa)}
              </Td>
              <Td className="font-mono text-xs" data-testid="pair-ci">
                {formatInterval(pair.ci95)}
              </Td>
              <Td className="text-right font-mono text-xs">{formatStat(pair.se)}</Td>
              {graded ? <Td className="text-right font-mono">{formatStat(pair.weightedKappa)}</Td> : null}
              <Td className="text-right font-mono" data-testid="pair-agreement">
                {formatPercent(pair.percentAgreement)}
                <div className="text-xs text-stone-500">
                  {pair.agreed}/{pair.n} · {formatInterval(pair.percentAgreementCi)}
                </div>
              </Td>
              <Td className="max-w-sm text-xs text-stone-600">
                {pair.undefinedReason ? <p data-testid="pair-undefined-reason">κ is undefined: {pair.undefinedReason}</p> : null}
                {pair.kappa !== null && pair.ci95 === null ? <p>No interval with fewer than two shared items.</p> : null}
                {pair.n > 0 ? <Confusion pair={pair} categories={categories} emails={emails} /> : null}
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

export function ReviewerTable({
  reviewers,
  emails,
  categories,
}: {
  reviewers: QueueAgreement["reviewers"];
  emails: Map<string, string>;
  categories: string[];
}) {
  return (
    <Table>
      <TableHead columns={["Reviewer", ...["Labels", ...categories].map((label) => ({ label, className: "text-right" }))]} />
      <tbody className="divide-y divide-stone-100">
        {reviewers.map((r) => (
          <tr key={r.reviewerId}>
            <Td>{emails.get(r.reviewerId) ?? r.reviewerId}</Td>
            <Td className="text-right font-mono">{r.labels}</Td>
            {categories.map((c) => (
              <Td key={c} className="text-right font-mono">
                {r.counts[c]}
                <span className="ml-1 text-xs text-stone-500">({formatPercent(r.labels ? (r.counts[c] ?? 0) / r.labels : null)})</span>
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
