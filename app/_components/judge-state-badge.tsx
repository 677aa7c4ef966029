import { Badge, type BadgeTone } from "./ui/badge";

/** A judge version's lifecycle state as a badge, the same on every page (judges, version, run). */
const TONES: Record<string, BadgeTone> = { gating: "good", stale: "warn", demoted: "bad", revoked: "bad", shadow: "muted" };

export function JudgeStateBadge({ state, gating, title }: { state: string | null; gating?: boolean; title?: string }) {
  if (!state)
    return (
      <Badge tone="muted" title={title ?? "This run predates recorded judge states."}>
        state not recorded
      </Badge>
    );
  const label = state === "stale" && gating === false ? "stale: grace over" : state;
  return (
    <Badge tone={TONES[state] ?? "neutral"} title={title} data-testid="judge-state" data-state={state}>
      {label}
    </Badge>
  );
}
