import type { MockTrace } from "./mock-langfuse";

/**
 * Traces for the Langfuse mock, each field filled as Langfuse's API fills it (ObservationsView and
 * ScoreV1 require every field, most of them nullable). A refund agent's conversation: the user's
 * request, one model call with its answer.
 */
type Json = Record<string, unknown>;

export function generation(traceId: string, at: string, question: string, answer: string): Json {
  return {
    id: `${traceId}-gen`,
    traceId,
    type: "GENERATION",
    name: "ChatOpenAI",
    startTime: at,
    endTime: new Date(Date.parse(at) + 1200).toISOString(),
    completionStartTime: null,
    model: "gpt-4o-mini",
    modelParameters: { temperature: 0 },
    input: [
      { role: "system", content: "You are a refund agent." },
      { role: "user", content: question },
    ],
    version: null,
    metadata: {},
    output: { role: "assistant", content: answer },
    usage: { input: 21, output: 9, total: 30, unit: "TOKENS", inputCost: null, outputCost: null, totalCost: null },
    level: "DEFAULT",
    statusMessage: null,
    parentObservationId: null,
    promptId: null,
    usageDetails: { input: 21, output: 9, total: 30 },
    costDetails: { total: 0.0004 },
    environment: "default",
    promptName: null,
    promptVersion: null,
    modelId: null,
    inputPrice: null,
    outputPrice: null,
    totalPrice: null,
    calculatedInputCost: null,
    calculatedOutputCost: null,
    calculatedTotalCost: null,
    latency: 1.2,
    timeToFirstToken: null,
  };
}

export function score(
  traceId: string,
  at: string,
  s: { id: string; name: string; source: "ANNOTATION" | "API" | "EVAL"; author?: string | null } & (
    { dataType: "NUMERIC"; value: number } | { dataType: "CATEGORICAL" | "BOOLEAN"; value: number; stringValue: string }
  ),
): Json {
  const { author, ...rest } = s;
  return {
    ...rest,
    traceId,
    observationId: null,
    timestamp: at,
    createdAt: at,
    updatedAt: at,
    authorUserId: author ?? null,
    comment: null,
    metadata: {},
    configId: null,
    queueId: null,
    environment: "default",
  };
}

/** `n` refund conversations a second apart from `start`, trace ids `lf-<prefix>-<i>`. */
export function refundTraces(n: number, start: string, prefix = "t", tags: string[] = ["prod"]): MockTrace[] {
  return Array.from({ length: n }, (_, i) => {
    const id = `lf-${prefix}-${String(i + 1).padStart(3, "0")}`;
    const at = new Date(Date.parse(start) + i * 1000).toISOString();
    const question = `Please refund order #${1000 + i}.`;
    const answer = i % 3 === 0 ? "I refunded it twice." : `Refunded order #${1000 + i}.`;
    return { id, timestamp: at, tags, input: question, output: answer, observations: [generation(id, at, question, answer)], scores: [] };
  });
}
