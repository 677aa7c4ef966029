import { PlainButton } from "@/app/_components/ui/button";
/**
 * The rubric as one line above the item, so the transcript starts near the top of the screen; G (or the
 * button) expands it in place into the full rubric and its worked examples.
 */
export function RubricLine({
  rubric,
  open,
  onToggle,
  children,
}: {
  rubric: { text: string; version: number };
  open: boolean;
  onToggle: () => void;
  /** The expanded body: the full rubric and the worked examples. */
  children?: React.ReactNode;
}) {
  const firstLine = rubric.text.trim().split("\n")[0] ?? "";
  return (
    <section
      className="rounded-lg border border-indigo-200 bg-indigo-50/50 px-3 py-1.5 text-sm"
      aria-label="Guidelines"
      data-testid="guideline-panel"
    >
      <div className="flex items-center gap-2">
        <span className="shrink-0 text-xs font-semibold text-indigo-900">Rubric v{rubric.version}</span>
        {open ? null : (
          <p className="min-w-0 flex-1 truncate text-stone-800" data-testid="rubric" title={rubric.text}>
            {firstLine}
          </p>
        )}
        <PlainButton
          type="button"
          aria-expanded={open}
          aria-controls="guideline-body"
          aria-keyshortcuts="G"
          onClick={onToggle}
          className="ml-auto shrink-0 text-xs font-medium text-indigo-700 hover:underline"
        >
          Guidelines and worked examples <kbd className="rounded bg-black/10 px-1 text-[0.7rem] font-normal">G</kbd>
        </PlainButton>
      </div>
      {open ? (
        <div id="guideline-body" className="mt-2 border-t border-indigo-100 pt-2">
          {children}
        </div>
      ) : null}
    </section>
  );
}
