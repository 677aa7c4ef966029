import type { GateRule } from "@/lib/judges/gate";

/** Every gate rule with pass or fail and the number behind it. */
export function GateRules({ rules }: { rules: GateRule[] }) {
  return (
    <ul className="divide-y divide-stone-100" data-testid="gate-rules">
      {rules.map((rule) => (
        <li
          key={rule.id}
          className="flex items-center justify-between gap-4 py-2 text-sm"
          data-testid={`gate-rule-${rule.id}`}
          data-passed={rule.passed}
        >
          <span className="flex items-center gap-2">
            <span aria-hidden className={rule.passed ? "text-emerald-600" : "text-red-600"}>
              {rule.passed ? "✓" : "✗"}
            </span>
            <span className="text-stone-900">{rule.label}</span>
            <span className="sr-only">{rule.passed ? "passes" : "fails"}</span>
          </span>
          <span className={rule.passed ? "font-mono text-xs text-stone-600" : "font-mono text-xs text-red-700"}>{rule.actual}</span>
        </li>
      ))}
    </ul>
  );
}
