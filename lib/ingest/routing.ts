import { createHash } from "node:crypto";

/**
 * Which label queue a closed live trace goes to: the first enabled rule, by position, whose service
 * name and attribute filter match; that rule's sample rate then decides, from the trace id (so the
 * same trace always gets the same answer), whether it goes in or is sampled out. A trace no rule
 * matches is unrouted: its transcript is stored and counted all the same. Pure.
 */

export interface RoutingRule {
  id: string;
  name: string;
  position: number;
  service: string | null;
  attributeKey: string | null;
  attributeValue: string | null;
  sampleRate: number;
  queueId: string;
  enabled: boolean;
}

export interface TraceFacts {
  traceId: string;
  /** service.name of every resource in the trace. */
  services: string[];
  /** Every resource and span attribute, its values as text. */
  attributes: Map<string, Set<string>>;
}

export type RoutingDecision =
  { routing: "routed"; rule: RoutingRule } | { routing: "sampled_out"; rule: RoutingRule } | { routing: "unrouted"; rule: null };

/** A number in [0, 1) from the trace id: sha256, first 52 bits. */
export function sampleFraction(traceId: string): number {
  const hex = createHash("sha256").update(traceId).digest("hex").slice(0, 13);
  return parseInt(hex, 16) / 2 ** 52;
}

export function ruleMatches(rule: RoutingRule, facts: TraceFacts): boolean {
  if (!rule.enabled) return false;
  if (rule.service !== null && !facts.services.includes(rule.service)) return false;
  if (rule.attributeKey !== null) {
    const values = facts.attributes.get(rule.attributeKey);
    if (!values) return false;
    if (rule.attributeValue !== null && !values.has(rule.attributeValue)) return false;
  }
  return true;
}

export function routeTrace(rules: readonly RoutingRule[], facts: TraceFacts): RoutingDecision {
  const rule = [...rules].sort((a, b) => a.position - b.position).find((r) => ruleMatches(r, facts));
  if (!rule) return { routing: "unrouted", rule: null };
  return sampleFraction(facts.traceId) < rule.sampleRate ? { routing: "routed", rule } : { routing: "sampled_out", rule };
}
