import { describe, expect, it } from "vitest";
import { failureHeadline, groupFailures, normalizeClause, type BrokenTask } from "./failure-groups";

/** The regressed refund agent's failures, as its trials report them (a second refund of a pending bank transfer). */
function doubleRefund(taskId: string, order: string, amount: number, step = 2): BrokenTask {
  const call = `step ${step + 1} issue_refund {"order_id":"${order}","amount":${amount}}`;
  return {
    taskId,
    step,
    tool: "issue_refund",
    reason: "state, side_effects failed",
    failing: [
      {
        kind: "state",
        reason: `1 of 2 assertions fail: orders[${order}].refunded_total == ${amount}: ${amount * 2} == ${amount} is false (last touched at ${call})`,
      },
      {
        kind: "side_effects",
        reason: `2 issue_refund calls, expected exactly 1 (first extra: ${call}); ${call}: a second issue_refund for the same order_id "${order}" (once per order_id)`,
      },
    ],
  };
}

describe("groupFailures", () => {
  it("makes one regression one group, whatever order or amount each task refunded", () => {
    const tasks = [
      doubleRefund("refund-full-bank", "A1002", 120),
      doubleRefund("refund-full-bank-2", "A1005", 64.99),
      doubleRefund("refund-two-orders", "A1002", 120, 5),
      doubleRefund("edge-window-30-days", "A1012", 75),
    ];
    const groups = groupFailures(tasks);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      tool: "issue_refund",
      steps: [
        { step: 3, count: 3 },
        { step: 6, count: 1 },
      ],
      graderKinds: ["side_effects", "state"],
      diagnosis: "a second issue_refund for the same order_id (once per order_id)",
    });
    expect(groups[0]!.taskIds).toEqual(["edge-window-30-days", "refund-full-bank", "refund-full-bank-2", "refund-two-orders"]);
    expect(failureHeadline(groups)).toBe(
      "all 4 newly failing tasks break at steps 3 (3), 6 (1) `issue_refund`: a second issue_refund for the same order_id (once per order_id)",
    );
  });

  it("keeps different failures apart and names the biggest first", () => {
    const wrongAnswer: BrokenTask = {
      taskId: "policy-window",
      step: null,
      tool: null,
      reason: "rule failed",
      failing: [{ kind: "rule", reason: 'output does not include "outside our 30-day refund window"' }],
    };
    const groups = groupFailures([doubleRefund("a", "A1", 1), doubleRefund("b", "A2", 2), wrongAnswer]);
    expect(groups.map((g) => g.taskIds)).toEqual([["a", "b"], ["policy-window"]]);
    expect(groups[1]!.steps).toEqual([{ step: null, count: 1 }]);
    expect(failureHeadline(groups)).toMatch(
      /^2 of 3 newly failing tasks break at step 3 `issue_refund`: a second .*; the other 1 in 1 other way$/,
    );
  });

  it("says nothing it does not know: no shared clause, no diagnosis; no tasks, no headline", () => {
    const a: BrokenTask = {
      taskId: "a",
      step: 0,
      tool: "get_order",
      reason: "x",
      failing: [{ kind: "tools", reason: "expected send_confirmation" }],
    };
    const b: BrokenTask = { ...a, taskId: "b", failing: [{ kind: "tools", reason: "called a tool outside allowed_tools" }] };
    const [group] = groupFailures([a, b]);
    expect(group!.diagnosis).toBeNull();
    expect(failureHeadline([group!])).toBe("all 2 newly failing tasks break at step 1 `get_order` (tools failed)");
    expect(failureHeadline([])).toBeNull();
  });

  it("elides ids, amounts, quoted values and arguments, keeping the words", () => {
    expect(normalizeClause('step 3 issue_refund {"order_id":"A1002","amount":120}: a second issue_refund for order_id="A1002"')).toBe(
      "step … issue_refund …: a second issue_refund for order_id=…",
    );
  });

  it("reads as a sentence: shared particulars shown, differing numbers as a range, other differences left out, never a gap", () => {
    const extraRefund = (taskId: string, made: number, step: number, order: string): BrokenTask => ({
      taskId,
      step: step - 1,
      tool: "issue_refund",
      reason: "side_effects failed",
      failing: [
        {
          kind: "side_effects",
          reason: `${made} issue_refund calls, expected exactly 1 (first extra: step ${step} issue_refund {"order_id":"${order}"})`,
        },
      ],
    });
    const same = groupFailures([extraRefund("a", 2, 3, "A1"), extraRefund("b", 2, 3, "A2")]);
    expect(same[0]!.diagnosis).toBe("2 issue_refund calls, expected exactly 1 (first extra: step 3 issue_refund)");
    const varied = groupFailures([extraRefund("a", 2, 3, "A1"), extraRefund("b", 3, 6, "A1")]);
    expect(varied[0]!.diagnosis).toBe('2–3 issue_refund calls, expected exactly 1 (first extra: step 3–6 issue_refund {"order_id":"A1"})');
    expect(failureHeadline(varied)).not.toContain("…");
    // One order refunded twice in every task: its id is the diagnosis.
    const one = groupFailures([doubleRefund("a", "A7", 10), doubleRefund("b", "A7", 12)]);
    expect(one[0]!.diagnosis).toBe('a second issue_refund for the same order_id "A7" (once per order_id)');
  });

  it("reads a stored grader row's reason like the record's: its trailing [step N] is not part of the last clause", () => {
    const stored = (t: BrokenTask): BrokenTask => ({
      ...t,
      failing: t.failing.map((f) => ({ ...f, reason: `${f.reason} [step ${(t.step ?? 0) + 1}]` })),
    });
    const fromRecord = groupFailures([doubleRefund("a", "A1", 1), doubleRefund("b", "A2", 2, 5)]);
    const fromRows = groupFailures([stored(doubleRefund("a", "A1", 1)), stored(doubleRefund("b", "A2", 2, 5))]);
    expect(fromRows[0]!.diagnosis).toBe(fromRecord[0]!.diagnosis);
    expect(failureHeadline(fromRows)).toBe(failureHeadline(fromRecord));
  });
});
