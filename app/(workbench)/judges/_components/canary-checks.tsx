import { Badge } from "@/app/_components/ui/badge";
import { formatStat } from "@/lib/judges/format";

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

interface Check {
  id: string;
  outcome: string;
  n: number;
  kappa: number | null;
  kappaCiHigh: number | null;
  flipRate: number | null;
  fingerprint: string | null;
  reason: string;
  createdAt: Date;
}

/** The newest canary re-checks: outcome, κ with its upper bound, flip rate, and the fingerprint the provider answered with. */
export function CanaryChecks({ checks }: { checks: Check[] }) {
  if (checks.length === 0) {
    return (
      <p className="text-sm text-stone-600">
        None yet. The first `gavel run --judge` with this version gating runs one (replay judges have none).
      </p>
    );
  }
  return (
    <ul className="divide-y divide-stone-100 text-sm" data-testid="canary-checks">
      {checks.map((c) => (
        <li key={c.id} className="py-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={c.outcome === "passed" ? "good" : c.outcome === "failed" ? "bad" : "warn"}>{c.outcome}</Badge>
            <span className="font-mono text-xs text-stone-500">{when.format(c.createdAt)} UTC</span>
            <span className="font-mono text-xs">
              n {c.n} · κ {formatStat(c.kappa)} (upper {formatStat(c.kappaCiHigh)}) · flip {formatStat(c.flipRate)}
            </span>
            {c.fingerprint ? <span className="font-mono text-xs text-stone-600">{c.fingerprint}</span> : null}
          </div>
          <p className="mt-0.5 text-xs text-stone-600">{c.reason}</p>
        </li>
      ))}
    </ul>
  );
}
