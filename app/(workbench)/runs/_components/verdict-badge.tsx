import { Badge, type BadgeTone } from "@/app/_components/ui/badge";

const TONES: Record<string, BadgeTone> = { pass: "good", fail: "bad", error: "warn", skipped: "muted", flaky: "warn" };

/** A verdict or task status; skipped and error look nothing like pass. */
export function VerdictBadge({ value, title }: { value: string | null; title?: string }) {
  return (
    <Badge tone={TONES[value ?? ""] ?? "neutral"} title={title}>
      {value ?? "pending"}
    </Badge>
  );
}

/** In place of a verdict the viewer may not see yet (blind review: lib/db/blind.ts). */
export function HiddenBadge() {
  return (
    <Badge tone="muted" title="This trial is in a label queue you review: its verdicts show once you have labeled it.">
      hidden until you label
    </Badge>
  );
}

export function GateBadge({ passed, status }: { passed: boolean | null; status: string }) {
  if (passed === null) return <Badge tone="muted">{status}</Badge>;
  return passed ? <Badge tone="good">gate passed</Badge> : <Badge tone="bad">gate failed</Badge>;
}
