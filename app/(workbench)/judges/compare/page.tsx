import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Alert } from "@/app/_components/ui/alert";
import { Badge } from "@/app/_components/ui/badge";
import { Button } from "@/app/_components/ui/button";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { EmptyState } from "@/app/_components/ui/empty-state";
import { inputClass } from "@/app/_components/ui/field";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, Td, Th } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { latestCalibration, statsOf } from "@/lib/db/calibrations";
import { getJudgeVersion } from "@/lib/db/judges";
import { currentLabelSetHash, listLabelSets, loadGoldSplit } from "@/lib/db/label-sets";
import { withoutHidden } from "@/lib/db/blind";
import { listVerdicts } from "@/lib/db/verdicts";
import { driftSummary, flippedItems, type DriftSummary } from "@/lib/judges/drift";
import { formatStat } from "@/lib/judges/format";
import { KIND_FOR_PARSER } from "@/lib/judges/kinds";
import type { JudgeParser } from "@/lib/judges/version";
import { can } from "@/lib/roles";
import { CalibrationNumbers, ConfusionMatrix } from "../_components/calibration-view";
import { CompareRunForm } from "../_components/forms";

export const metadata: Metadata = { title: "Compare judge versions" };

type Search = { base?: string; candidate?: string; queue?: string };

export default async function ComparePage({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await requireRole("read");
  const search = await searchParams;
  if (!search.base || !search.candidate) {
    return (
      <>
        <PageHeader title="Compare judge versions" />
        <EmptyState title="Pick two versions to compare">
          Open a judge version and choose <strong>New model for this judge</strong>: Gavel clones it with the new model and brings you here
          to measure both on the same frozen gold test set.
        </EmptyState>
      </>
    );
  }
  const [base, candidate] = await Promise.all([getJudgeVersion(search.base), getJudgeVersion(search.candidate)]);
  if (!base || !candidate) notFound();
  const kind = KIND_FOR_PARSER[base.parser as JudgeParser];
  const sets = (await listLabelSets()).filter((s) => s.kind === kind && s.testGold > 0);
  const queue = sets.find((s) => s.id === search.queue);
  const title = `${base.judge.name}: v${base.version} → v${candidate.version}`;

  if (!queue) {
    return (
      <>
        <PageHeader title={title} description="Choose the label set whose frozen gold test split both versions are measured on." />
        {sets.length === 0 ? (
          <Alert tone="info">No label set of {kind} items has gold labels on its test split yet.</Alert>
        ) : (
          <form method="get" className="flex items-end gap-3" aria-label="Choose a label set">
            <input type="hidden" name="base" value={base.id} />
            <input type="hidden" name="candidate" value={candidate.id} />
            <label className="space-y-1 text-sm font-medium text-stone-800">
              <span>Label set</span>
              <select name="queue" className={inputClass}>
                {sets.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({s.testGold} test gold items)
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" tone="secondary">
              Compare
            </Button>
          </form>
        )}
      </>
    );
  }

  const [oldCal, newCal, current, gold, oldVerdicts, newVerdicts] = await Promise.all([
    latestCalibration(base.id, "test", queue.id),
    latestCalibration(candidate.id, "test", queue.id),
    currentLabelSetHash(queue.id, "test"),
    loadGoldSplit(queue.id, "test"),
    listVerdicts(base.id),
    listVerdicts(candidate.id),
  ]);
  const bothCurrent = Boolean(oldCal && newCal && oldCal.labelSetHash === current && newCal.labelSetHash === current);
  // Blind review: items the viewer may still label are left out of the per-item list.
  const { rows: visibleGold, hidden } = await withoutHidden(user, gold?.gold ?? []);
  const flipped = flippedItems(visibleGold, oldVerdicts, newVerdicts);
  // The net effect counts every test item (no verdict is shown, only counts), so it does not depend on who looks.
  const net = driftSummary(gold?.gold ?? [], oldVerdicts, newVerdicts);
  const names = new Map((gold?.gold ?? []).map((g) => [g.transcriptId, g.transcript.externalId ?? g.transcriptId]));
  const sides = [
    { key: "base", version: base, calibration: oldCal },
    { key: "candidate", version: candidate, calibration: newCal },
  ] as const;

  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description={
          <>
            Both versions on the frozen gold test split of <span className="font-medium">{queue.name}</span> ({queue.testGold} items, hash{" "}
            <span className="font-mono">{current?.slice(0, 12) ?? "none"}</span>). A new version starts unapproved, whatever its predecessor
            was.
          </>
        }
      />
      {!bothCurrent ? (
        <Alert tone="warn">
          {oldCal && newCal
            ? "At least one calibration was made on an older gold set: run both again so they are measured on the same items."
            : "Calibrate both versions on this test split to compare them."}
        </Alert>
      ) : null}
      {can(user, "judges:write") ? <CompareRunForm baseId={base.id} candidateId={candidate.id} queueId={queue.id} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        {sides.map(({ key, version, calibration }) => (
          <Card key={key} data-testid={`side-${key}`}>
            <CardHeader
              title={
                <Link className="hover:underline" href={`/judges/versions/${version.id}`}>
                  v{version.version} · {version.model}
                </Link>
              }
              description={
                calibration ? (
                  calibration.labelSetHash === current ? (
                    "on the current gold set"
                  ) : (
                    <Badge tone="warn">on an older gold set</Badge>
                  )
                ) : (
                  "not calibrated on this split yet"
                )
              }
            />
            {calibration ? (
              <>
                <CardBody>
                  <CalibrationNumbers stats={statsOf(calibration)} />
                </CardBody>
                <ConfusionMatrix
                  confusion={statsOf(calibration).report.confusion}
                  caption={`v${version.version}: rows are the judge, columns the gold label.`}
                />
              </>
            ) : (
              <CardBody className="text-sm text-stone-600">Run and calibrate to see its numbers.</CardBody>
            )}
          </Card>
        ))}
      </div>
      {oldCal && newCal ? (
        <p className="text-sm text-stone-700" data-testid="kappa-delta">
          κ {formatStat(oldCal.kappa)} → {formatStat(newCal.kappa)}
          {oldCal.kappa !== null && newCal.kappa !== null
            ? ` (${newCal.kappa >= oldCal.kappa ? "+" : ""}${formatStat(newCal.kappa - oldCal.kappa)})`
            : " (change undefined)"}
        </p>
      ) : null}
      <NetSummary net={net} base={base.version} candidate={candidate.version} />
      <Card>
        <CardHeader
          title="Items whose verdict flipped"
          description={`${flipped.length} of the ${net.compared} test items both versions answered. Each links to its transcript with both verdicts.${hidden > 0 ? ` ${hidden} item${hidden === 1 ? "" : "s"} you may still label ${hidden === 1 ? "is" : "are"} left out (blind review).` : ""}`}
        />
        {flipped.length === 0 ? (
          <CardBody className="text-sm text-stone-600">
            No item changed verdict
            {net.compared === 0 ? ` (no item has an answer from both versions yet: run v${candidate.version} above)` : ""}.
          </CardBody>
        ) : (
          <Table>
            <thead className="bg-stone-50">
              <tr>
                <Th>Transcript</Th>
                <Th>Gold label</Th>
                <Th>v{base.version} (old) said</Th>
                <Th>v{candidate.version} (new) says</Th>
                <Th title="Which version's verdict matches the gold label">Matches gold</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100" data-testid="flipped-items">
              {flipped.map((f) => (
                <tr key={f.transcriptId}>
                  <Td>
                    <Link
                      className="font-mono text-xs text-indigo-700 hover:underline"
                      title={f.transcriptId}
                      href={`/judges/versions/${candidate.id}/items/${f.transcriptId}?compare=${base.id}`}
                    >
                      {names.get(f.transcriptId)}
                    </Link>
                  </Td>
                  <Td className="font-mono">{f.gold}</Td>
                  <Td className="font-mono">{f.before}</Td>
                  <Td className="font-mono">{f.after}</Td>
                  <Td>
                    {f.agreesWithGold === "new" ? (
                      <Badge tone="good">new version: fixed</Badge>
                    ) : f.agreesWithGold === "old" ? (
                      <Badge tone="bad">old version: broken</Badge>
                    ) : (
                      <Badge tone="muted">neither</Badge>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </div>
  );
}

/** The net effect in one line: fixed, broken, unchanged, and whether the difference is more than chance. */
function NetSummary({ net, base, candidate }: { net: DriftSummary; base: number; candidate: number }) {
  const m = net.mcnemar;
  return (
    <Card data-testid="drift-summary">
      <CardHeader
        title={`Net effect of v${candidate} on the test items both versions answered`}
        description="Fixed: v-old was wrong, v-new matches the gold label. Broken: the reverse. Unchanged: right (or wrong) under both."
      />
      <CardBody className="space-y-2 text-sm">
        <p className="text-base font-medium text-stone-900" data-testid="drift-net">
          {net.fixed} fixed · {net.broken} broken · {net.unchanged} unchanged
          {net.changedStillWrong ? ` · ${net.changedStillWrong} changed but still wrong` : ""} · {net.flipped} flip
          {net.flipped === 1 ? "" : "s"} of {net.compared} compared
        </p>
        <p className="text-stone-700" data-testid="drift-mcnemar">
          {m
            ? `McNemar's exact test, ${m.b} fixed against ${m.c} broken: p = ${m.pValue < 0.001 ? "< 0.001" : m.pValue.toFixed(3)} (two-sided; ${m.pValue < 0.05 ? `v${candidate} is ${m.b > m.c ? "better" : "worse"} beyond chance at the 5% level` : "the difference could be chance"}).`
            : "McNemar's exact test: no test, since no item was fixed or broken."}
        </p>
        {net.notCompared.total > 0 ? (
          <p className="text-stone-600" data-testid="drift-not-compared">
            {net.notCompared.total} of {net.gold} items not compared (never counted as flips):{" "}
            {[
              net.notCompared.newUnanswered
                ? `v${candidate} has no answer for ${net.notCompared.newUnanswered} (not judged yet, skipped or error)`
                : null,
              net.notCompared.oldUnanswered ? `v${base} has none for ${net.notCompared.oldUnanswered}` : null,
            ]
              .filter(Boolean)
              .join("; ")}
            .
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
