import Link from "next/link";
import { Card, CardBody } from "@/app/_components/ui/card";

/**
 * "Real judges, real humans" on the Judges overview: where the imported LLMBar and HANNA judges are measured
 * against their human labels. The tables themselves (every version on every label set, per-order accuracy,
 * Spearman per criterion, the paper's figure recomputed) have a page each, read only when someone opens it.
 */
export function RealDataLinks({ imported }: { imported: { llmbar: string[]; hanna: string[] } }) {
  const link = "font-medium text-indigo-700 hover:underline";
  return (
    <section className="space-y-3" aria-labelledby="real-judges">
      <div>
        <h2 id="real-judges" className="text-lg font-semibold text-stone-900">
          Real judges, real humans
        </h2>
        <p className="mt-1 max-w-4xl text-sm text-stone-600">
          Public data sets in which the same items carry human judgments and LLM-judge verdicts, imported as judge versions on the replay
          provider: how far each judge agrees with the humans, whether it would clear the gate, and how far the humans agree with each
          other.
        </p>
      </div>
      {imported.llmbar.length === 0 && imported.hanna.length === 0 ? (
        <p className="text-sm text-stone-600" data-testid="real-data-none">
          None imported in this database. <span className="font-mono">npx gavel import llmbar datasets/llmbar</span> and{" "}
          <span className="font-mono">npx gavel import hanna datasets/hanna/hanna_metric_scores_llm.csv</span> add them (the first start of
          an empty database does, unless <span className="font-mono">GAVEL_DEMO=0</span>).
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {imported.llmbar.length > 0 ? (
            <Card data-testid="real-data-link-llmbar">
              <CardBody className="space-y-1 text-sm">
                <Link className={link} href="/judges/datasets/llmbar">
                  LLMBar: pairwise judges against expert labels
                </Link>
                <p className="text-stone-600">
                  {imported.llmbar.join(", ")}: κ and its interval per judge version, the gate on the test split, accuracy in each order,
                  position consistency, and the ChatGPT → GPT-4 model upgrade in the drift view.
                </p>
              </CardBody>
            </Card>
          ) : null}
          {imported.hanna.length > 0 ? (
            <Card data-testid="real-data-link-hanna">
              <CardBody className="space-y-1 text-sm">
                <Link className={link} href="/judges/datasets/hanna">
                  HANNA: graded judges against three human raters
                </Link>
                <p className="text-stone-600">
                  {imported.hanna.length} criteria: Spearman&apos;s ρ per LLM and prompt variant with the humans&apos; leave-one-out ρ and
                  ceiling, the paper&apos;s published figure recomputed, and weighted κ with the gate per criterion.
                </p>
              </CardBody>
            </Card>
          ) : null}
        </div>
      )}
    </section>
  );
}

const DATA_SET_PAGES = { hanna: "HANNA", llmbar: "LLMBar" } as const;

/** Under a data set page's title: back to every judge, and across to the other data set's page. */
export function DataSetNav({ current }: { current: keyof typeof DATA_SET_PAGES }) {
  const link = "text-indigo-700 hover:underline";
  return (
    <>
      <Link className={link} href="/judges">
        All judges
      </Link>
      {Object.entries(DATA_SET_PAGES)
        .filter(([page]) => page !== current)
        .map(([page, name]) => (
          <span key={page}>
            {" "}
            ·{" "}
            <Link className={link} href={`/judges/datasets/${page}`}>
              {name}
            </Link>
          </span>
        ))}
    </>
  );
}
