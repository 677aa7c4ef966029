export { AgentSpecError } from "./errors";
export { checkRateLimitable, rateLimitKey, type RateLimits, type RequestLimiter, type RequestPermit } from "./limiter";
export { AGENT_SPEC_HELP, AGENT_SPECS, agentSpecKind, resolveAgent, type AgentSpecKind } from "./specs";
