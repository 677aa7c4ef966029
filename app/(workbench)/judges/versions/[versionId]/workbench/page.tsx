import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { hiddenFrom } from "@/lib/db/blind";
import { latestCalibration } from "@/lib/db/calibrations";
import { formatInterval, formatStat } from "@/lib/judges/format";
import { replayOnlyProblem } from "@/lib/judges/improve";
import { readParams } from "@/lib/judges/request";
import { pickWorkbenchSet } from "@/lib/judges/workbench";
import { loadWorkbench, workbenchLabelSets } from "@/lib/judging/workbench";
import { ImproveForm } from "../../../_components/improve-form";
import { WorkbenchForm } from "../../../_components/workbench-form";
import { requireJudgeVersion } from "../require-version";

export const metadata: Metadata = { title: "Judge workbench" };

/**
 * The judge workbench (reviewers and admins): a version's verdicts on a label set's DEV split against the humans,
 * misaligned first, and drafts re-run on dev without saving. The test split is never loaded here.
 */
export default async function WorkbenchPage({
  params,
  searchParams,
}: {
  params: Promise<{ versionId: string }>;
  searchParams: Promise<{ set?: string }>;
}) {
  const { user, version } = await requireJudgeVersion("judges:write", params);
  const { set } = await searchParams;
  const [sets, dev, test] = await Promise.all([
    workbenchLabelSets(version),
    latestCalibration(version.id, "dev"),
    latestCalibration(version.id, "test"),
  ]);
  const chosen = pickWorkbenchSet(sets, set, [dev?.queueId, test?.queueId]);
  const header = (
    <PageHeader
      title={`Workbench: ${version.judge.name} v${version.version}`}
      description={
        <>
          Improve the judge on the dev split; the held-out test split is never shown or run here.{" "}
          <Link className="text-indigo-700 hover:underline" href={`/judges/versions/${version.id}`}>
            Back to the version
          </Link>
        </>
      }
    />
  );
  if (!chosen)
    return (
      <div className="space-y-6">
        {header}
        <p className="text-sm text-stone-600">
          No label set of this judge&apos;s kind has gold labels on its dev split yet: settle some dev items first.
        </p>
      </div>
    );
  const bench = await loadWorkbench(version.id, chosen.id);
  // Blind review: an item this reviewer may still label shows nothing graded (lib/db/blind.ts).
  const hidden = await hiddenFrom(
    user,
    bench.items.map((i) => i.transcriptId),
  );
  const items = bench.items.filter((i) => !hidden.has(i.transcriptId));
  const p = readParams(version.params);
  const report = bench.report;
  const replayOnly = replayOnlyProblem({ provider: version.provider, label: `${version.judge.name} v${version.version}` }, false);
  return (
    <div className="space-y-6">
      {header}
      <Card>
        <CardHeader
          title={`Dev split of ${bench.queue.name}`}
          description={
            sets.length > 1 ? (
              <span className="flex flex-wrap gap-2">
                Label set:
                {sets.map((s) => (
                  <Link
                    key={s.id}
                    className={s.id === chosen.id ? "font-semibold" : "text-indigo-700 hover:underline"}
                    href={`?set=${s.id}`}
                  >
                    {s.name}
                  </Link>
                ))}
              </span>
            ) : undefined
          }
        />
        <CardBody>
          <p className="text-sm text-stone-800" data-testid="workbench-summary">
            v{version.version} on {report.n} of {bench.items.length} dev gold items: κ {formatStat(report.value)} (Wald 95%{" "}
            {formatInterval(report.ci95)}, bootstrap 95% {formatInterval(report.bootstrap)}) · {bench.misaligned} misaligned
            {bench.items.length - report.n > 0
              ? ` · ${bench.items.length - report.n} not answered (run the version on dev to compare)`
              : ""}
            {hidden.size > 0 ? ` · ${hidden.size} hidden until you label them` : ""}
          </p>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Improve automatically" description="Bounded: the calls and their cost are shown before anything starts." />
        <CardBody>
          {replayOnly ? (
            <p className="text-sm text-stone-700" data-testid="improve-replay-only">
              {replayOnly}
            </p>
          ) : (
            <ImproveForm versionId={version.id} queueId={chosen.id} />
          )}
        </CardBody>
      </Card>
      <WorkbenchForm
        versionId={version.id}
        queueId={chosen.id}
        defaults={{ promptTemplate: version.promptTemplate, temperature: p.temperature, maxTokens: p.maxTokens, seed: p.seed }}
        items={items}
      />
    </div>
  );
}
