import { PlainButton } from "@/app/_components/ui/button";
import type { LabelChoice } from "@/lib/labeling/choices";
import { NEXT_DIMENSION_KEY, type DimensionControl } from "@/lib/labeling/dimension-choices";

/** The shortcuts, all derived from the queue's config: the primary's keys, then each further dimension's digits. */
export function HotkeyHelp({
  choices,
  dimensions = [],
  ringPrimary = false,
  guidelines = false,
  onClose,
}: {
  choices: LabelChoice[];
  dimensions?: DimensionControl[];
  /** The primary is one of the dimensions (a graded primary beside others): Enter submits. */
  ringPrimary?: boolean;
  /** The page has a guideline panel (G opens it). */
  guidelines?: boolean;
  onClose: () => void;
}) {
  const keyed = (d: DimensionControl) => d.options.filter((o) => o.key);
  const rows: [string, string][] = [
    ...(ringPrimary ? [] : choices.filter((c) => c.key).map((c): [string, string] => [c.key.toUpperCase(), `Label ${c.label}`])),
    ...dimensions.map((d, i): [string, string] => [
      keyed(d).length ? `${keyed(d)[0]!.key}–${keyed(d).at(-1)!.key}` : "—",
      `${i === 0 ? "First" : "Then"} ${d.name}${d.multi ? " (toggle, any number)" : ""}: ${
        keyed(d).length
          ? keyed(d)
              .map((o) => `${o.key} ${o.label}`)
              .join(", ")
          : `type a number from ${d.min} to ${d.max}`
      }`,
    ]),
    ...(dimensions.length
      ? ([
          [NEXT_DIMENSION_KEY.toUpperCase(), "Next dimension (the digits work the highlighted one)"],
          ["Backspace", "Clear the highlighted dimension"],
          ...(ringPrimary ? [["Enter", "Submit the label"]] : []),
        ] as [string, string][])
      : []),
    ["S", "Skip this item (it is not offered to you again)"],
    ["U", "Undo your last label and show that item again"],
    ...(guidelines ? ([["G", "Show or hide the guidelines: the rubric and its worked examples"]] as [string, string][]) : []),
    ["?", "Show or hide these shortcuts (Esc closes them)"],
  ];
  // A centred overlay over the whole page: in the side panel it was cut off below the fold on a long panel.
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-stone-900/30 p-4"
      onClick={onClose}
      data-testid="hotkey-backdrop"
    >
      <section
        role="dialog"
        aria-modal="true"
        className="max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-sm shadow-xl"
        aria-label="Keyboard shortcuts"
        data-testid="hotkey-help"
        onClick={(event) => event.stopPropagation()}
      >
        <div className="mb-2 flex items-center justify-between">
          <h2 className="font-semibold text-indigo-950">Keyboard shortcuts</h2>
          <PlainButton type="button" onClick={onClose} className="text-xs text-indigo-800 hover:underline">
            Close
          </PlainButton>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {rows.map(([key, what]) => (
            <div key={`${key} ${what}`} className="contents">
              <dt>
                <kbd className="rounded border border-indigo-300 bg-white px-1.5 font-mono text-xs">{key}</kbd>
              </dt>
              <dd className="text-indigo-950">{what}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-indigo-800">Shortcuts pause while you type in the reason field. Esc closes this.</p>
      </section>
    </div>
  );
}
