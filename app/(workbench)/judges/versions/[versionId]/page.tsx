import type { Metadata } from "next";
import Link from "next/link";
import { JudgeStateBadge } from "@/app/_components/judge-state-badge";
import { Alert } from "@/app/_components/ui/alert";
import { LinkButton } from "@/app/_components/ui/button";
import { Card, CardBody, CardHeader, SectionCard } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { humanChecks, loadStatusAndGates } from "@/lib/judging/approvals";
import { testReuseWarnings } from "@/lib/judging/test-reuse";
import { judgeVersionTimeline } from "@/lib/db/audit";
import { latestCalibration, listCalibrations, statsOf } from "@/lib/db/calibrations";
import { listCanaryChecks } from "@/lib/db/canary";
import { getGatePolicy } from "@/lib/db/gate-policy";
import { listLabelSets } from "@/lib/db/label-sets";
import { planFromCalibration } from "@/lib/db/sampling";
import { formatStat } from "@/lib/judges/format";
import { KIND_FOR_PARSER } from "@/lib/judges/kinds";
import { itemKind } from "@/lib/items/kinds";
import { readParams } from "@/lib/judges/request";
import type { JudgeParser } from "@/lib/judges/version";
import { can } from "@/lib/roles";
import { CalibrationInterval } from "../../_components/calibration-interval";
import { BiasChecks, CalibrationNumbers } from "../../_components/calibration-view";
import { RecheckForm, RevokeForm, RunForm } from "../../_components/forms";
import { CanaryChecks } from "../../_components/canary-checks";
import { EstimatorNote } from "../../_components/estimator-note";
import { GateByLabelSet, HumanCeilingBeside } from "../../_components/gate-by-label-set";
import { GatePlanCard } from "../../_components/gate-plan";
import { GateRules } from "../../_components/gate-rules";
import { PendingGoldNotice } from "../../_components/pending-gold-notice";
import { Timeline } from "../../_components/timeline";
import { requireJudgeVersion } from "./require-version";

export const metadata: Metadata = { title: "Judge version" };

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default async function JudgeVersionPage({ params }: { params: Promise<{ versionId: string }> }) {
  const { user, version } = await requireJudgeVersion("read", params);
  const kind = KIND_FOR_PARSER[version.parser as JudgeParser];
  const [gates, policy, dev, history, labelSets, timeline, canaries, reuseWarnings] = await Promise.all([
    loadStatusAndGates(version.id),
    getGatePolicy(),
    latestCalibration(version.id, "dev"),
    listCalibrations(version.id),
    listLabelSets(),
    judgeVersionTimeline(version.id),
    listCanaryChecks(version.id, 10),
    testReuseWarnings(version.judge),
  ]);
  // The test calibration the gate reads: on the bound label set (or, never approved, the one an approval would bind to).
  const { status, calibration: test } = gates;
  const gate = status.gate;
  const approval = status.approval;
  const plans = gates.byLabelSet.flatMap(({ calibration }) =>
    calibration
      ? [{ queueId: calibration.queueId, queue: { name: calibration.queue.name }, ...planFromCalibration(calibration, policy) }]
      : [],
  );
  const sets = labelSets.filter((s) => s.kind === kind);
  // The humans behind each label set the version could be (or is) approved on: the ceiling beside the bar, the backing.
  const humanEntries = await Promise.all(
    gates.byLabelSet.flatMap(({ calibration }) =>
      calibration
        ? [
            humanChecks(calibration.queueId, statsOf(calibration).human.fleissKappa ?? null, policy.minKappa).then(
              (check) => [calibration.queueId, check] as const,
            ),
          ]
        : [],
    ),
  );
  const humans = Object.fromEntries(humanEntries);
  // The approval's confirmation repeats the reuse warning of the label set it would bind to.
  const reuseBySet = Object.fromEntries(
    await Promise.all(
      gates.byLabelSet.flatMap(({ gate: g }) =>
        g.labelSet ? [testReuseWarnings(version.judge, g.labelSet.id).then((w) => [g.labelSet!.id, w] as const)] : [],
      ),
    ),
  );
  const boundCheck = status.labelSet ? humans[status.labelSet.id] : undefined;
  const p = readParams(version.params);
  const writer = can(user, "judges:write");

  return (
    <div className="space-y-6">
      <PageHeader
        title={`${version.judge.name} v${version.version}`}
        description={
          <>
            {version.provider} · <span className="font-mono">{version.model}</span> · {kind} items ·{" "}
            <Link className="text-indigo-700 hover:underline" href={`/judges/${version.judgeId}`}>
              all versions
            </Link>
          </>
        }
        actions={
          writer ? (
            <>
              <LinkButton href={`/judges/versions/${version.id}/workbench${dev ? `?set=${dev.queueId}` : ""}`}>
                Workbench (dev split)
              </LinkButton>
              <LinkButton href={`/judges/versions/${version.id}/edit`}>Edit (new version)</LinkButton>
              <LinkButton href={`/judges/versions/${version.id}/new-model`}>New model for this judge</LinkButton>
            </>
          ) : null
        }
      />
      <div className="space-y-1" data-testid="approval-status">
        <div className="flex flex-wrap items-center gap-2">
          <JudgeStateBadge state={status.state} gating={status.gating} />
          <span className="text-sm font-medium text-stone-900">
            {status.gating ? "may gate: its verdicts count" : "does not gate: its verdicts are shadow"}
          </span>
          <span className="text-sm text-stone-600">({status.reason})</span>
        </div>
        {approval ? (
          <p className="text-xs text-stone-600" data-testid="approval-binding">
            Approved by {approval.approvedBy.email} on {when.format(approval.createdAt)} UTC, bound to hash{" "}
            <span className="font-mono">{approval.versionHash.slice(0, 12)}</span>, label set{" "}
            {status.labelSet ? (
              <Link className="text-indigo-700 hover:underline" href={`/label/${status.labelSet.id}`}>
                {status.labelSet.name}
              </Link>
            ) : (
              "(deleted)"
            )}
            , gold version <span className="font-mono">{(approval.goldVersion ?? approval.calibration.labelSetHash).slice(0, 12)}</span>,
            calibration{" "}
            <Link className="text-indigo-700 hover:underline" href={`/judges/calibrations/${approval.calibrationId}`}>
              {when.format(approval.calibration.createdAt)}
            </Link>
            {approval.fingerprint ? (
              <>
                , provider fingerprint <span className="font-mono">{approval.fingerprint}</span>
              </>
            ) : null}
            .
          </p>
        ) : null}
        {status.approved ? <PendingGoldNotice labelSet={status.labelSet} user={user} /> : null}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2" data-testid="gate-card">
          <CardHeader
            title={status.labelSet ? `Gate on ${status.labelSet.name}` : "Gate"}
            description={
              approval
                ? "The rules on the label set the approval is bound to. Calibrations on other sets are listed below and never change gating."
                : "A version may gate only when an admin approves it on a label set where every rule holds."
            }
          />
          <CardBody className="space-y-4">
            {reuseWarnings.map((w) => (
              <Alert key={w} tone="warn" data-testid="test-reuse-warning">
                {w}
              </Alert>
            ))}
            <GateRules rules={gate.rules} />
            {status.approved && boundCheck ? (
              <HumanCeilingBeside bar={policy.minKappa} check={boundCheck} requireTwoHumans={policy.requireTwoHumans} />
            ) : null}
            {status.approved ? (
              can(user, "judges:approve") ? (
                <RevokeForm versionId={version.id} />
              ) : null
            ) : (
              <GateByLabelSet
                versionId={version.id}
                gates={gates.byLabelSet.map((g) => g.gate)}
                canApprove={can(user, "judges:approve")}
                demotedAt={status.state === "demoted" && approval ? approval.stateChangedAt : null}
                humans={humans}
                bar={policy.minKappa}
                requireTwoHumans={policy.requireTwoHumans}
                reuseWarnings={reuseBySet}
              />
            )}
            {status.approved && writer ? <RecheckForm versionId={version.id} /> : null}
          </CardBody>
        </Card>
        {writer ? (
          <Card>
            <CardHeader
              title="Run and calibrate"
              description="Judges every gold item of the split it has not answered yet, then measures it against the gold labels as they are now."
            />
            <CardBody>
              {sets.length > 0 ? (
                <RunForm versionId={version.id} labelSets={sets} pairwise={itemKind(kind).outputs === 2} />
              ) : (
                <p className="text-sm text-stone-600">
                  No label set holds {kind} items yet. Create one under Label, settle some gold labels, then come back.
                </p>
              )}
            </CardBody>
          </Card>
        ) : null}
      </div>

      <nav
        aria-label="Sections"
        className="flex flex-wrap gap-x-4 gap-y-1 border-b border-stone-200 pb-2 text-sm"
        data-testid="version-sections"
      >
        {[
          ["calibration", "Calibration"],
          ["plan", "Labels to decide"],
          ["timeline", "Timeline and canary"],
          ["bias", "Bias and dev split"],
          ["spec", "Spec"],
          ["calibrations", "All calibrations"],
        ].map(([id, label]) => (
          <a key={id} href={`#${id}`} className="text-indigo-700 hover:underline">
            {label}
          </a>
        ))}
      </nav>

      <section id="calibration" className="scroll-mt-4">
        <Card>
          <CardHeader
            title="Calibration on the test split"
            description={
              test ? (
                <>
                  on {test.queue.name}, {when.format(test.createdAt)} UTC ·{" "}
                  <Link className="text-indigo-700 hover:underline" href={`/judges/calibrations/${test.id}`}>
                    details
                  </Link>
                </>
              ) : (
                "The gate reads this split."
              )
            }
          />
          <CardBody className="space-y-3">
            {test ? (
              <>
                <EstimatorNote stats={statsOf(test)} />
                <CalibrationNumbers stats={statsOf(test)} />
              </>
            ) : (
              <p className="text-sm text-stone-600">Not calibrated on a test split yet. Tune on dev, then run it on test below.</p>
            )}
          </CardBody>
        </Card>
      </section>

      <section id="plan" className="scroll-mt-4">
        <GatePlanCard versionId={version.id} plans={plans} canDraw={can(user, "queues:manage")} />
      </section>

      <section id="timeline" className="grid scroll-mt-4 gap-6 lg:grid-cols-2">
        <SectionCard
          title="Timeline"
          description="Every change of state, with who made it (or system), the reason and the numbers; calibrations and canary re-checks between."
        >
          <Timeline events={timeline} />
        </SectionCard>
        <SectionCard
          title="Canary re-checks"
          description="Before a run counts a gating judge, it re-judges a stratified sample of its bound gold test set."
        >
          <CanaryChecks checks={canaries} />
        </SectionCard>
      </section>

      <section id="bias" className="grid scroll-mt-4 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Bias checks" description="From the newest test calibration (dev when there is none)." />
          <CardBody>
            {test || dev ? <BiasChecks stats={statsOf((test ?? dev)!)} /> : <p className="text-sm text-stone-600">Calibrate first.</p>}
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title="Dev split"
            description={
              dev ? (
                <>
                  on {dev.queue.name} ·{" "}
                  <Link className="text-indigo-700 hover:underline" href={`/judges/calibrations/${dev.id}`}>
                    details
                  </Link>
                </>
              ) : (
                "For tuning the prompt; never gates."
              )
            }
          />
          <CardBody>
            {dev ? <CalibrationNumbers stats={statsOf(dev)} /> : <p className="text-sm text-stone-600">Not calibrated on dev yet.</p>}
          </CardBody>
        </Card>
      </section>

      <Card id="spec" className="scroll-mt-4">
        <CardHeader title="Spec" description="Immutable. Its sha256 is this version's identity." />
        <CardBody className="space-y-3 text-sm">
          <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[10rem_1fr]">
            <dt className="text-stone-500">hash</dt>
            <dd className="font-mono text-xs break-all">{version.hash}</dd>
            <dt className="text-stone-500">provider / model</dt>
            <dd className="font-mono">
              {version.provider} / {version.model}
            </dd>
            <dt className="text-stone-500">base URL</dt>
            <dd className="font-mono">{version.baseUrl ?? "from the environment (or the public API)"}</dd>
            <dt className="text-stone-500">params</dt>
            <dd className="font-mono">
              temperature {p.temperature} · max tokens {p.maxTokens} · seed {p.seed ?? "none"}
            </dd>
            <dt className="text-stone-500">parser</dt>
            <dd className="font-mono">{version.parser}</dd>
            <dt className="text-stone-500">parent</dt>
            <dd>
              {version.parent ? (
                <Link className="text-indigo-700 hover:underline" href={`/judges/versions/${version.parent.id}`}>
                  v{version.parent.version} ({version.parent.model})
                </Link>
              ) : (
                "none"
              )}
              {version.note ? ` · ${version.note}` : ""}
            </dd>
          </dl>
          <pre className="max-h-80 overflow-auto whitespace-pre-wrap rounded-md bg-stone-50 p-3 font-mono text-xs text-stone-800">
            {version.promptTemplate}
          </pre>
        </CardBody>
      </Card>

      <Card id="calibrations" className="scroll-mt-4">
        <CardHeader
          title="Calibrations"
          description="Newest first, on every label set. A change to the gold labels shows as a new label-set hash. Only calibrations on the bound label set decide gating; the one behind it is marked."
        />
        {history.length === 0 ? (
          <CardBody className="text-sm text-stone-600">None yet.</CardBody>
        ) : (
          <Table>
            <TableHead columns={["When (UTC)", "Label set", "Split", "n", "κ", "95% interval", "Label-set hash", "Gate"]} />
            <tbody className="divide-y divide-stone-100" data-testid="calibration-history">
              {history.map((c) => (
                <tr key={c.id}>
                  <Td>
                    <Link className="text-indigo-700 hover:underline" href={`/judges/calibrations/${c.id}`}>
                      {when.format(c.createdAt)}
                    </Link>
                  </Td>
                  <Td>{c.queue.name}</Td>
                  <Td>{c.split}</Td>
                  <Td>{c.n}</Td>
                  <Td className="font-mono">{formatStat(c.kappa)}</Td>
                  <Td className="font-mono">
                    <CalibrationInterval row={c} />
                  </Td>
                  <Td className="font-mono text-xs">{c.labelSetHash.slice(0, 12)}</Td>
                  <Td>
                    {status.approved && approval?.calibrationId === c.id ? (
                      <JudgeStateBadge state={status.state} gating={status.gating} title="The calibration the approval is bound to" />
                    ) : null}
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
