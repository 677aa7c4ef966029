import { describe, expect, it } from "vitest";
import { evaluateAssertion, parseAssertion } from "./assertions";

const state = {
  orders: {
    A1001: { status: "refunded", total: 50, refunded_total: 50 },
    "A-2": { status: "delivered", total: 20, refunded_total: 0 },
    order_123: { status: "refunded", total: 10, refunded_total: 10 },
  },
  refunds: [{ order_id: "A1001", amount: 50 }],
  emails: ["ana@example.com"],
};

const check = (source: string, s: unknown = state) => evaluateAssertion(parseAssertion(source), s);

describe("assertions", () => {
  it("compares a path with a literal", () => {
    expect(check('orders[order_123].status == "refunded"').ok).toBe(true);
    expect(check("orders[A1001].total == 50").ok).toBe(true);
    expect(check(`orders["A-2"].status != 'refunded'`).ok).toBe(true);
    expect(check("refunds.length == 1").ok).toBe(true);
    expect(check('emails[0] == "ana@example.com"').ok).toBe(true);
  });

  it("explains a failure with the actual value", () => {
    const outcome = check('orders[A-2].status == "refunded"');
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toBe('orders[A-2].status == "refunded": "delivered" == "refunded" is false');
  });

  it("reads a missing path as null and never orders non-numbers", () => {
    expect(check("orders[nope].status == null").ok).toBe(true);
    expect(check("orders[nope].total < 5").ok).toBe(false);
    expect(check("orders[nope].total < 5").detail).toContain("missing < 5");
  });

  it("binds * to every key, on both sides", () => {
    expect(check("orders[*].refunded_total <= orders[*].total").ok).toBe(true);
    const over = { orders: { a: { total: 5, refunded_total: 5 }, b: { total: 5, refunded_total: 10 } } };
    const outcome = check("orders[*].refunded_total <= orders[*].total", over);
    expect(outcome).toMatchObject({ ok: false, binding: "b" });
  });

  it("rejects malformed assertions with the column", () => {
    expect(() => parseAssertion("orders[A1001.status == 1")).toThrow(/expected '\]' at column/);
    expect(() => parseAssertion("orders.status = 1")).toThrow(/expected one of/);
    expect(() => parseAssertion("1 == 1")).toThrow(/two literals/);
    expect(() => parseAssertion('a == "x" extra')).toThrow(/unexpected text/);
  });
});

describe("JSON literals", () => {
  it("compares arrays and objects", () => {
    expect(check('emails == ["ana@example.com"]').ok).toBe(true);
    expect(check('emails == ["bob@example.com"]').detail).toContain('["ana@example.com"] == ["bob@example.com"] is false');
    expect(check('refunds[0] == {"order_id": "A1001", "amount": 50}').ok).toBe(true);
    expect(check('emails != ["x]y"]').ok).toBe(true);
    expect(() => parseAssertion('emails == ["a"')).toThrow(/unterminated JSON literal/);
  });
});
