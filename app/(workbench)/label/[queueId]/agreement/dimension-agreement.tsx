import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { formatPercent, formatStat } from "@/lib/judges/format";
import type { DimensionAgreement } from "@/lib/labeling/dimension-agreement";
import { PairTable, Stat } from "./agreement-tables";

const describe = (d: DimensionAgreement["dimension"]) =>
  d.type === "binary"
    ? "pass / fail"
    : d.type === "numeric"
      ? `a number from ${d.min} to ${d.max}, measured as a graded scale (quadratic weights, ordinal α)`
      : d.multi
        ? `any of ${d.values.join(", ")}, compared as the whole set chosen`
        : `one of ${d.values.join(", ")}`;

/** One further dimension's agreement: the same numbers as the primary's, on the labels that gave it. */
export function DimensionAgreementCard({ agreement, emails }: { agreement: DimensionAgreement; emails: Map<string, string> }) {
  const { dimension, result, labeled } = agreement;
  const { group } = result;
  const graded = dimension.type === "numeric";
  const id = `dimension-agreement-${dimension.name}`;
  return (
    <Card data-testid={id}>
      <CardHeader
        title={`Dimension: ${dimension.name}`}
        description={`${describe(dimension)}. ${labeled} label${labeled === 1 ? "" : "s"} gave it a value; a blank does not count.`}
      />
      <CardBody className="space-y-4">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Stat
            label={`Human ceiling: Fleiss' κ${graded ? " (quadratic)" : ""}`}
            value={formatStat(group.fleissKappa)}
            note={group.fleissUndefinedReason ?? `${group.items} items with two or more values.`}
            testId={`${id}-fleiss`}
          />
          <Stat
            label={`Krippendorff's α (${group.alphaLevel})`}
            value={formatStat(group.alpha)}
            note={group.alphaUndefinedReason ?? undefined}
            testId={`${id}-alpha`}
          />
          <Stat
            label="Unanimous items"
            value={formatPercent(group.percentUnanimous)}
            note={`${group.unanimous} of ${group.items} items with two or more values.`}
            testId={`${id}-unanimous`}
          />
        </dl>
      </CardBody>
      {result.pairs.length ? (
        <PairTable pairs={result.pairs} emails={emails} categories={result.categories} graded={graded} testId={`${id}-pairs`} />
      ) : null}
    </Card>
  );
}
