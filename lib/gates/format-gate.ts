import { pct } from "@/lib/format";
import type { GateResult } from "./result";

/**
 * A gate's number as the run page shows it (a rate in percent, dollars, milliseconds or a count):
 * the CI summary uses the same words, never a raw fraction such as 0.7143.
 */
export function formatGateNumber(gate: Pick<GateResult, "kind" | "id">, x: number | null): string {
  if (x === null) return "—";
  if (gate.id.includes("cost")) return `$${x.toFixed(4)}`;
  if (gate.id.includes("latency")) return `${x.toFixed(0)} ms`;
  if (gate.kind === "errors" || gate.id.includes("tool_retries")) return String(x);
  return pct(x);
}
