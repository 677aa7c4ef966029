/**
 * The runs the first start seeds (prisma/demo-data.ts); the end-to-end tests count them in. The two
 * refund runs share an agent label: the reference one on the default branch is the regressed one's
 * baseline, as in CI.
 */
export const DEMO_RUNS = [
  { suite: "datasets/smoke", agent: "module:datasets/smoke/agent.ts#stubAgent", trials: 1, source: {} },
  {
    suite: "datasets/refund",
    agent: "module:datasets/refund/agents.ts#referenceAgent",
    trials: 3,
    source: { agentLabel: "refund-agent", branch: "main" },
  },
  {
    suite: "datasets/refund",
    agent: "module:datasets/refund/agents.ts#regressedAgent",
    trials: 3,
    source: { agentLabel: "refund-agent", branch: "retry-pending-refunds" },
  },
] as const;
