import { describe, expect, it } from "vitest";
import { routeTrace, sampleFraction, type RoutingRule, type TraceFacts } from "./routing";

const rule = (over: Partial<RoutingRule>): RoutingRule => ({
  id: over.name ?? "r",
  name: "r",
  position: 1,
  service: null,
  attributeKey: null,
  attributeValue: null,
  sampleRate: 1,
  queueId: "q",
  enabled: true,
  ...over,
});
const facts = (traceId: string, services: string[], attrs: Record<string, string> = {}): TraceFacts => ({
  traceId,
  services,
  attributes: new Map(Object.entries(attrs).map(([k, v]) => [k, new Set([v])])),
});

describe("routeTrace", () => {
  it("takes the first enabled rule by position whose service and attribute match", () => {
    const rules = [
      rule({ name: "b", position: 2, service: "shop" }),
      rule({ name: "a", position: 1, service: "shop", attributeKey: "app.tenant", attributeValue: "acme" }),
      rule({ name: "off", position: 0, enabled: false }),
    ];
    expect(routeTrace(rules, facts("t", ["shop"], { "app.tenant": "acme" }))).toMatchObject({ routing: "routed", rule: { name: "a" } });
    expect(routeTrace(rules, facts("t", ["shop"], { "app.tenant": "globex" }))).toMatchObject({ routing: "routed", rule: { name: "b" } });
    expect(routeTrace(rules, facts("t", ["billing"]))).toEqual({ routing: "unrouted", rule: null });
  });

  it("matches an attribute by key alone when no value is given", () => {
    expect(routeTrace([rule({ attributeKey: "gen_ai.system" })], facts("t", [], { "gen_ai.system": "openai" })).routing).toBe("routed");
    expect(routeTrace([rule({ attributeKey: "gen_ai.system" })], facts("t", [])).routing).toBe("unrouted");
  });

  it("samples by trace id: the same trace always gets the same answer, and the share is near the rate", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => i.toString(16).padStart(32, "0"));
    const routed = ids.filter((id) => routeTrace([rule({ sampleRate: 0.25 })], facts(id, [])).routing === "routed").length;
    expect(routed / ids.length).toBeGreaterThan(0.22);
    expect(routed / ids.length).toBeLessThan(0.28);
    expect(sampleFraction(ids[7]!)).toBe(sampleFraction(ids[7]!));
    expect(routeTrace([rule({ sampleRate: 0 })], facts(ids[0]!, [])).routing).toBe("sampled_out");
  });
});
