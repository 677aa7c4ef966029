import type { LabelChoice } from "@/lib/labeling/choices";

export function HotkeyHelp({ choices, onClose }: { choices: LabelChoice[]; onClose: () => void }) {
  const rows: [string, string][] = [
    ...choices.filter((c) => c.key).map((c): [string, string] => [c.key.toUpperCase(), `Label ${c.label}`]),
    ["S", "Skip this item (it is not offered to you again)"],
    ["U", "Undo your last label and show that item again"],
    ["?", "Show or hide these shortcuts"],
  ];
  return (
    <section
      className="rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-sm"
      aria-label="Keyboard shortcuts"
      data-testid="hotkey-help"
    >
      <div className="mb-2 flex items-center justify-between">
        <h2 className="font-semibold text-indigo-950">Keyboard shortcuts</h2>
        <button type="button" onClick={onClose} className="text-xs text-indigo-800 hover:underline">
          Close
        </button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-indigo-300 bg-white px-1.5 font-mono text-xs">{key}</kbd>
            </dt>
            <dd className="text-indigo-950">{what}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-indigo-800">Shortcuts pause while you type in the score or reason fields.</p>
    </section>
  );
}
