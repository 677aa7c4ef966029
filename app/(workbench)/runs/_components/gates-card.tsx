import Link from "next/link";
import { Badge, type BadgeTone } from "@/app/_components/ui/badge";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { formatGateNumber } from "@/lib/gates/format-gate";
import type { BaselineInfo, GateResult, GateStatus } from "@/lib/gates/result";

const TONE: Record<GateStatus, BadgeTone> = { pass: "good", fail: "bad", no_baseline: "muted", not_measured: "warn" };
const WORD: Record<GateStatus, string> = { pass: "pass", fail: "fail", no_baseline: "no baseline", not_measured: "not measured" };

const number = (kind: GateResult["kind"], id: string, x: number | null) => formatGateNumber({ kind, id }, x);

/** Every gate of a run with the numbers behind it; failing gates first. */
export function GatesCard({ gates, baseline, runId }: { gates: GateResult[]; baseline: BaselineInfo | null; runId: string }) {
  const order: GateStatus[] = ["fail", "not_measured", "no_baseline", "pass"];
  const sorted = [...gates].sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status));
  const failed = gates.filter((g) => g.status === "fail").length;
  return (
    <Card aria-label="Gates">
      <CardHeader
        title={`Gates: ${failed ? `${failed} failed` : "none failed"} of ${gates.length}`}
        description={
          baseline ? (
            <>
              {baseline.note}
              {baseline.previousRunId ? (
                <>
                  {" "}
                  ·{" "}
                  <Link
                    className="text-indigo-700 underline"
                    href={`/runs/compare?base=${encodeURIComponent(baseline.previousRunId)}&head=${encodeURIComponent(runId)}`}
                  >
                    compare with the baseline run
                  </Link>
                </>
              ) : null}
            </>
          ) : (
            "This run was stored before baseline gates existed."
          )
        }
      />
      <Table aria-label="Gate results">
        <TableHead columns={["Gate", "Status", "This run", "Baseline", "Limit", "Why"]} />
        <tbody className="divide-y divide-stone-100">
          {sorted.map((g) => (
            <tr key={g.id} data-testid={`gate-${g.id}`}>
              <Td className="whitespace-nowrap text-sm">
                <span className="text-xs uppercase tracking-wide text-stone-500">{g.kind}</span> {g.name}
              </Td>
              <Td className="whitespace-nowrap">
                <Badge tone={TONE[g.status]}>{WORD[g.status]}</Badge>
              </Td>
              <Td className="whitespace-nowrap text-sm">{number(g.kind, g.id, g.value)}</Td>
              <Td className="whitespace-nowrap text-sm">{number(g.kind, g.id, g.baseline)}</Td>
              <Td className="whitespace-nowrap text-sm">{number(g.kind, g.id, g.limit)}</Td>
              <Td className="text-sm text-stone-700">{g.detail}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {gates.length === 0 ? <CardBody className="text-sm text-stone-600">No gate results stored for this run.</CardBody> : null}
    </Card>
  );
}
