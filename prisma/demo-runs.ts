/** The runs the first start seeds (prisma/demo-data.ts); the end-to-end tests count them in. */
export const DEMO_RUNS = [
  { suite: "datasets/smoke", agent: "module:datasets/smoke/agent.ts#stubAgent", trials: 1 },
  { suite: "datasets/refund", agent: "module:datasets/refund/agents.ts#referenceAgent", trials: 3 },
  { suite: "datasets/refund", agent: "module:datasets/refund/agents.ts#regressedAgent", trials: 3 },
] as const;
