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

export function GateBadge({ passed, status }: { passed: boolean | null; status: string }) {
  if (passed === null) return <Badge tone="muted">{status}</Badge>;
  return passed ? <Badge tone="good">gate passed</Badge> : <Badge tone="bad">gate failed</Badge>;
}
