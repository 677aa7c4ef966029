import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import type { RunProgress } from "@/lib/db/distributed";
import { pct } from "@/lib/format";
import { progressFigures, roughDuration } from "@/lib/run-progress";

export const LIVE_REFRESH_MS = 2_000;

function Stat({ label, value, testId }: { label: string; value: React.ReactNode; testId: string }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-stone-500">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-stone-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A run in flight: trials stored out of all, errors, throughput, ETA, and the workers storing them. */
export function LiveProgress({ progress, now, problems = [] }: { progress: RunProgress; now: Date; problems?: string[] }) {
  const { perSecond, etaSeconds } = progressFigures(progress);
  const share = progress.total ? progress.done / progress.total : 0;
  return (
    <Card data-testid="live-progress">
      <CardHeader
        title="In flight"
        description={`Trials appear here as they are stored; this card refreshes every ${LIVE_REFRESH_MS / 1000} s.`}
      />
      <CardBody className="space-y-4">
        <div
          className="h-2 overflow-hidden rounded bg-stone-100"
          role="progressbar"
          aria-label="Trials stored"
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.done}
        >
          <div className="h-full bg-emerald-600" style={{ width: `${Math.min(100, share * 100)}%` }} />
        </div>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Stat label="Done" testId="progress-done" value={`${progress.done} / ${progress.total} (${pct(share)})`} />
          <Stat label="Errors" testId="progress-errors" value={progress.errors} />
          <Stat
            label="Throughput"
            testId="progress-rate"
            value={perSecond === null ? "measuring…" : `${perSecond.toFixed(perSecond < 10 ? 2 : 1)} trials/s`}
          />
          <Stat label="ETA" testId="progress-eta" value={etaSeconds === null ? "unknown yet" : `about ${roughDuration(etaSeconds)}`} />
        </dl>
        <table className="w-full text-left text-sm" aria-label="Workers">
          <thead className="text-xs uppercase tracking-wide text-stone-500">
            <tr>
              <th className="py-1 pr-4 font-medium">Worker</th>
              <th className="py-1 pr-4 font-medium">Last seen</th>
              <th className="py-1 pr-4 font-medium">Trials stored</th>
              <th className="py-1 font-medium">State</th>
            </tr>
          </thead>
          <tbody>
            {progress.workers.length ? (
              progress.workers.map((w) => (
                <tr key={w.id} className="border-t border-stone-100" data-testid="progress-worker">
                  <td className="py-1 pr-4 font-mono text-xs">{w.id}</td>
                  <td className="py-1 pr-4" title={w.lastSeen.toISOString()}>
                    {roughDuration((now.getTime() - w.lastSeen.getTime()) / 1000)} ago
                  </td>
                  <td className="py-1 pr-4">{w.trials}</td>
                  <td className="py-1">{w.active ? "active" : "idle"}</td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={4} className="py-1 text-stone-600">
                  No worker has stored a trial of this run yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
        {progress.stalled ? (
          <p className="text-sm font-medium text-amber-800" role="status" data-testid="progress-stalled">
            Stalled: {progress.stalled}.
          </p>
        ) : null}
        {problems.map((p) => (
          <p key={p} className="text-sm text-amber-800">
            Warning: {p}
          </p>
        ))}
      </CardBody>
    </Card>
  );
}
