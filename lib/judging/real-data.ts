import "server-only";
import { readRealData, type StoredJudgeRow, type StoredRealData } from "../db/real-data";
import { evaluateGate, type GateResult } from "../judges/gate";

/** One imported judge version on one label set, with the gate on its test split evaluated. */
export type RealJudgeRow = Omit<StoredJudgeRow, "gateInput"> & { gate: GateResult };

export interface RealData extends Omit<StoredRealData, "llmbar" | "hanna"> {
  llmbar: Omit<StoredRealData["llmbar"], "rows" | "upgrade"> & {
    rows: RealJudgeRow[];
    upgrade: { base: RealJudgeRow; candidate: RealJudgeRow } | null;
  };
  hanna: Omit<StoredRealData["hanna"], "rows"> & { rows: RealJudgeRow[] };
}

/** The judges page's imported data sets (lib/db/real-data.ts reads them), each row's gate evaluated under the policy. */
export async function loadRealData(): Promise<RealData> {
  const data = await readRealData();
  const gated = new Map<StoredJudgeRow, RealJudgeRow>();
  const withGate = (stored: StoredJudgeRow): RealJudgeRow => {
    const { gateInput, ...row } = stored;
    const known = gated.get(stored);
    if (known) return known;
    const result = { ...row, gate: evaluateGate(data.policy, gateInput) };
    gated.set(stored, result);
    return result;
  };
  const upgrade = data.llmbar.upgrade;
  return {
    ...data,
    llmbar: {
      ...data.llmbar,
      rows: data.llmbar.rows.map(withGate),
      upgrade: upgrade ? { base: withGate(upgrade.base), candidate: withGate(upgrade.candidate) } : null,
    },
    hanna: { ...data.hanna, rows: data.hanna.rows.map(withGate) },
  };
}
