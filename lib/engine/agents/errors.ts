/** A bad --agent spec (unknown scheme, missing module, missing key): a usage error, nothing runs. */
export class AgentSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AgentSpecError";
  }
}
