import { describe, expect, it } from "vitest";
import { splitByTrace } from "./split";

const span = (traceId: string, spanId: string, extra: Record<string, unknown> = {}) => ({
  traceId,
  spanId,
  name: "s",
  startTimeUnixNano: "1700000000000000000",
  ...extra,
});
const T1 = "0af7651916cd43dd8448eb211c80319c";
const T2 = "4bf92f3577b34da6a3ce929d0e0e4736";

describe("splitByTrace", () => {
  it("groups spans by trace, keeping each one's resource and scope", () => {
    const result = splitByTrace({
      resourceSpans: [
        {
          resource: { attributes: [{ key: "service.name", value: { stringValue: "a" } }] },
          scopeSpans: [{ scope: { name: "ai" }, spans: [span(T1, "00f067aa0ba902b7"), span(T2, "00f067aa0ba902b8")] }],
        },
        { resource: { attributes: [] }, scopeSpans: [{ spans: [span(T1.toUpperCase(), "00F067AA0BA902B9")] }] },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.accepted).toBe(3);
    const t1 = result.traces.find((t) => t.traceId === T1)!;
    expect(t1.spans).toBe(2);
    expect(t1.request.resourceSpans).toHaveLength(2);
    expect(JSON.stringify(t1.request)).toContain('"name":"ai"');
    expect(JSON.stringify(t1.request)).toContain("00f067aa0ba902b9");
    expect(result.traces.find((t) => t.traceId === T2)!.spans).toBe(1);
  });

  it("rejects only the spans with bad ids or times, saying why", () => {
    const result = splitByTrace({
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                span(T1, "00f067aa0ba902b7"),
                span("0".repeat(32), "00f067aa0ba902b7"),
                span(T1, "xyz"),
                span(T1, "00f067aa0ba902b8", { startTimeUnixNano: "soon" }),
              ],
            },
          ],
        },
      ],
    });
    expect(result).toMatchObject({ ok: true, accepted: 1, rejected: 3 });
    if (result.ok) expect(result.reasons.join(" ")).toMatch(/traceId.*spanId.*startTimeUnixNano|traceId/);
  });

  it("refuses a body that is not an export request", () => {
    expect(splitByTrace([1, 2])).toMatchObject({ ok: false });
    expect(splitByTrace({ resourceSpans: {} })).toMatchObject({ ok: false, error: "resourceSpans must be a list" });
    expect(splitByTrace({ resourceSpans: [{ scopeSpans: [{ spans: "x" }] }] })).toMatchObject({ ok: false });
  });

  it("accepts an empty export", () => {
    expect(splitByTrace({ resourceSpans: [] })).toMatchObject({ ok: true, accepted: 0, traces: [] });
  });
});
