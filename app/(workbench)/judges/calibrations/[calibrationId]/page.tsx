import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { getCalibration, statsOf, visiblePairs } from "@/lib/db/calibrations";
import { agreementCommand } from "@/lib/judges/format";
import { BiasChecks, CalibrationNumbers, ConfusionMatrix } from "../../_components/calibration-view";
import { EstimatorNote } from "../../_components/estimator-note";
import { requireFound } from "../../../require-found";

export const metadata: Metadata = { title: "Calibration" };

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default async function CalibrationPage({ params }: { params: Promise<{ calibrationId: string }> }) {
  const { user, found: calibration } = await requireFound("read", params, ({ calibrationId }) => getCalibration(calibrationId));
  const stats = statsOf(calibration);
  const { pairs, hidden } = await visiblePairs(user, calibration);
  const hiddenNote =
    hidden > 0
      ? ` ${hidden} item${hidden === 1 ? "" : "s"} you may still label ${hidden === 1 ? "is" : "are"} left out (blind review).`
      : "";
  const version = calibration.judgeVersion;
  const file = `calibration-${calibration.id}.csv`;
  // A stratified draw's numbers are weighted: the export carries each pair's π and stratum, and the command reads them.
  const weighted = stats.estimator?.name === "horvitz-thompson";
  const designExported = weighted && stats.pairs.every((p) => p.inclusion !== undefined);
  return (
    <div className="space-y-6">
      <PageHeader
        title={`${version.judge.name} v${version.version} on ${calibration.queue.name} (${calibration.split})`}
        description={
          <>
            Calibrated {when.format(calibration.createdAt)} UTC against the gold labels with hash{" "}
            <span className="font-mono">{calibration.labelSetHash.slice(0, 12)}</span>. Items the judge skipped or errored on are left out
            and counted. ·{" "}
            <Link className="text-indigo-700 hover:underline" href={`/judges/versions/${version.id}`}>
              version page
            </Link>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Agreement with the gold labels"
            description="Undefined means the statistic has no value here (for instance a rater who gave one label only), never 0 or 1."
          />
          <CardBody className="space-y-4">
            <EstimatorNote stats={stats} />
            <CalibrationNumbers stats={stats} />
          </CardBody>
        </Card>
        <div className="space-y-6">
          <Card>
            <ConfusionMatrix confusion={stats.report.confusion} caption="Confusion matrix: rows are the judge, columns the gold label." />
          </Card>
          <Card>
            <CardHeader title="Bias checks" />
            <CardBody>
              <BiasChecks stats={stats} />
            </CardBody>
          </Card>
        </div>
      </div>
      <Card>
        <CardHeader title="The same numbers outside the app" description="Download the pairs this calibration used and run:" />
        <CardBody className="space-y-3 text-sm">
          <a
            className="text-indigo-700 hover:underline"
            href={`/api/calibrations/${calibration.id}/pairs`}
            download={file}
            data-testid="download-pairs"
          >
            Download the {pairs.length} pairs (CSV)
          </a>
          {hidden > 0 ? (
            <p className="text-stone-600" data-testid="blind-pairs">
              {hiddenNote.trim()}
            </p>
          ) : null}
          <pre className="overflow-x-auto rounded-md bg-stone-900 p-3 font-mono text-xs text-stone-100" data-testid="agreement-command">
            {agreementCommand(file, stats.report, designExported)}
          </pre>
          {weighted ? (
            <p className="text-stone-600" data-testid="export-estimator">
              {designExported
                ? "The file carries each pair's inclusion probability and stratum: the command prints the Horvitz–Thompson weighted numbers the gate reads, then the unweighted sample's."
                : "This calibration was stored before its pairs carried their inclusion probabilities: the command gives the unweighted sample's numbers, not the weighted ones the gate reads. Calibrate again to export them."}
            </p>
          ) : null}
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Items" description={`${pairs.length} judged items, disagreements first.${hiddenNote}`} />
        <Table>
          <TableHead columns={["Transcript", "Judge", "Gold"]} />
          <tbody className="divide-y divide-stone-100">
            {[...pairs]
              .sort((a, b) => Number(a.judge === a.gold) - Number(b.judge === b.gold))
              .slice(0, 200)
              .map((p) => (
                <tr key={p.transcriptId} className={p.judge === p.gold ? "" : "bg-amber-50"}>
                  <Td>
                    <Link
                      className="font-mono text-xs text-indigo-700 hover:underline"
                      href={`/judges/versions/${version.id}/items/${p.transcriptId}`}
                    >
                      {p.transcriptId}
                    </Link>
                  </Td>
                  <Td className="font-mono">{p.judge}</Td>
                  <Td className="font-mono">{p.gold}</Td>
                </tr>
              ))}
          </tbody>
        </Table>
      </Card>
    </div>
  );
}
