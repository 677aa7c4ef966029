import type { Metadata } from "next";
import Link from "next/link";
import { LineChart } from "@/app/_components/charts/line-chart";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { CalibrationInterval } from "../_components/calibration-interval";
import { kappaHistory } from "@/lib/db/calibrations";
import { getGatePolicy } from "@/lib/db/gate-policy";
import { getJudge } from "@/lib/db/judges";
import { formatStat } from "@/lib/judges/format";
import { requireFound } from "../../require-found";

export const metadata: Metadata = { title: "Judge" };

export default async function JudgePage({ params }: { params: Promise<{ judgeId: string }> }) {
  const { found: judge } = await requireFound("read", params, ({ judgeId }) => getJudge(judgeId));
  const [history, policy] = await Promise.all([kappaHistory(judge.id), getGatePolicy()]);
  // κ lives in [-1, 1]; an interval bound past it is drawn at the edge (the table keeps the exact value).
  const clip = (v: number | null) => (v === null ? null : Math.max(-1, Math.min(1, v)));
  const data = history.map((h) => ({ version: `v${h.version}`, kappa: h.kappa, low: clip(h.kappaCiLow), high: clip(h.kappaCiHigh) }));
  return (
    <div className="space-y-6">
      <PageHeader
        title={judge.name}
        description={
          judge.description ??
          `A ${judge.kind} judge. Each version is pinned; a new model or prompt is a new version that must be calibrated again.`
        }
      />
      <Card>
        <CardHeader
          title="κ over versions"
          description="Each version's newest test-split calibration, with its 95% interval (Wald, or the bootstrap when a stratified draw weighted the items). A gap is a version not calibrated yet (or with κ undefined)."
        />
        <CardBody>
          <LineChart
            ariaLabel="Kappa over versions"
            data={data}
            xKey="version"
            yDomain={[-0.2, 1]}
            references={[{ y: policy.minKappa, label: `gate ${policy.minKappa.toFixed(2)}` }]}
            series={[
              { key: "kappa", label: "κ", color: "#4f46e5" },
              { key: "low", label: "lower 95%", color: "#a5b4fc" },
              { key: "high", label: "upper 95%", color: "#a5b4fc" },
            ]}
          />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Versions" />
        <Table>
          <TableHead columns={["Version", "Model", "Test κ", "95% interval", "n"]} />
          <tbody className="divide-y divide-stone-100" data-testid="version-history">
            {[...history].reverse().map((h) => (
              <tr key={h.id}>
                <Td>
                  <Link className="text-indigo-700 hover:underline" href={`/judges/versions/${h.id}`}>
                    v{h.version}
                  </Link>
                </Td>
                <Td className="font-mono text-xs">{h.model}</Td>
                <Td className="font-mono">{formatStat(h.kappa)}</Td>
                <Td className="font-mono">
                  <CalibrationInterval row={h} />
                </Td>
                <Td>{h.n ?? "—"}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card>
    </div>
  );
}
