export { AgentSpecError } from "./errors";
export { type RateLimits, type RequestLimiter, type RequestPermit } from "./limiter";
export { checkRateLimitable, rateLimitKey } from "./specs";
export { AGENT_SPEC_HELP, AGENT_SPECS, agentSpecKind, resolveAgent, type AgentSpecKind } from "./specs";
