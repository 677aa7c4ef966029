import type { ImportReport } from "@/lib/transcripts/report";

/**
 * The import report under the counts: what was skipped and why, the source fields kept in metadata
 * (no transcript field holds them), the file's scores and what the mapping made of them. All text
 * from the file renders as text.
 */
export function ImportReportView({ report }: { report: ImportReport }) {
  if (!report.skipped.length && !report.unmapped.length && !report.scores.length) return null;
  return (
    <div className="mt-2 space-y-2 text-sm" aria-label="Import report">
      {report.skipped.length ? (
        <section aria-label="Skipped">
          <p className="font-medium">Skipped ({report.skipped.length}): not transcripts</p>
          <ul className="list-disc pl-5">
            {report.skipped.slice(0, 100).map((s, i) => (
              <li key={i}>
                <span className="font-mono text-xs">{s.where}</span>: {s.why}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {report.scores.length ? (
        <section aria-label="Scores">
          <p className="font-medium">
            {report.mapped.length
              ? "Scores in the file"
              : "Scores in the file, kept as scores: no verdict was made (give a score and when it passes to make verdicts)"}
          </p>
          <table className="mt-1 text-xs">
            <thead>
              <tr className="text-left">
                <th className="pr-4">Score</th>
                <th className="pr-4">Transcripts</th>
                <th>Verdicts</th>
              </tr>
            </thead>
            <tbody>
              {report.scores.map((s) => {
                const m = report.mapped.find((r) => r.score === s.name);
                return (
                  <tr key={s.name}>
                    <td className="pr-4 font-mono">{s.name}</td>
                    <td className="pr-4">{s.items}</td>
                    <td>{m ? `${m.judge}: ${m.pass} pass, ${m.fail} fail (passes when ${m.condition})` : "none"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ) : null}
      {report.unmapped.length ? (
        <section aria-label="Kept in metadata">
          <p className="font-medium">Kept in each transcript&apos;s metadata (no transcript field for them)</p>
          <p className="font-mono text-xs">{report.unmapped.map((u) => `${u.field} (${u.items})`).join(", ")}</p>
        </section>
      ) : null}
    </div>
  );
}
