import "server-only";
import { readHanna, readLlmbar, type StoredJudgeRow, type StoredRealData } from "../db/real-data";
import { evaluateGate, type GatePolicy, type GateResult } from "../judges/gate";

/** One imported judge version on one label set, with the gate on its test split evaluated. */
export type RealJudgeRow = Omit<StoredJudgeRow, "gateInput"> & { gate: GateResult };

export interface RealData extends Omit<StoredRealData, "llmbar" | "hanna"> {
  llmbar: Omit<StoredRealData["llmbar"], "rows" | "upgrade"> & {
    rows: RealJudgeRow[];
    upgrade: { base: RealJudgeRow; candidate: RealJudgeRow } | null;
  };
  hanna: Omit<StoredRealData["hanna"], "rows"> & { rows: RealJudgeRow[] };
}

/** Each row's gate evaluated under the policy (the same stored row gives the same object). */
function gating(policy: GatePolicy) {
  const gated = new Map<StoredJudgeRow, RealJudgeRow>();
  return (stored: StoredJudgeRow): RealJudgeRow => {
    const known = gated.get(stored);
    if (known) return known;
    const { gateInput, ...row } = stored;
    const result = { ...row, gate: evaluateGate(policy, gateInput) };
    gated.set(stored, result);
    return result;
  };
}

/** LLMBar's page (lib/db/real-data.ts reads it): every imported version on each label set, its gate evaluated. */
export async function loadLlmbarData(): Promise<Pick<RealData, "policy" | "llmbar">> {
  const { policy, llmbar } = await readLlmbar();
  const withGate = gating(policy);
  const upgrade = llmbar.upgrade;
  return {
    policy,
    llmbar: {
      ...llmbar,
      rows: llmbar.rows.map(withGate),
      upgrade: upgrade ? { base: withGate(upgrade.base), candidate: withGate(upgrade.candidate) } : null,
    },
  };
}

/** HANNA's page: every imported version on each criterion, its gate evaluated, and the human ceilings. */
export async function loadHannaData(): Promise<Pick<RealData, "policy" | "hanna">> {
  const { policy, hanna } = await readHanna();
  return { policy, hanna: { ...hanna, rows: hanna.rows.map(gating(policy)) } };
}
