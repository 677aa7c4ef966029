"use client";

import { inputClass } from "@/app/_components/ui/field";
import { chooseValue, type DimensionControl, type DimensionState } from "@/lib/labeling/dimension-choices";

/**
 * The further dimensions of a label, one group each. The active group (the one the digits work) is
 * outlined; every value looks alike, chosen or not, except for its pressed state.
 */
export function DimensionPanel({
  controls,
  values,
  active,
  disabled,
  onChange,
  onActivate,
}: {
  controls: DimensionControl[];
  values: DimensionState;
  active: number;
  disabled: boolean;
  onChange: (values: DimensionState) => void;
  onActivate: (index: number) => void;
}) {
  return (
    <div className="space-y-3" data-testid="dimensions">
      {controls.map((control, index) => {
        const current = values[control.name];
        const isActive = index === active;
        return (
          <fieldset
            key={control.name}
            className={`rounded-md border p-2 ${isActive ? "border-indigo-400 ring-1 ring-indigo-300" : "border-stone-200"}`}
            data-testid={`dimension-${control.name}`}
            data-active={isActive ? "true" : undefined}
            onFocus={() => onActivate(index)}
          >
            <legend className="px-1 text-xs font-medium text-stone-700">
              {control.name}
              {control.multi ? " (any number)" : ""}
              {isActive && control.options.some((o) => o.key) ? <span className="ml-1 text-indigo-700">· digits pick</span> : null}
            </legend>
            {control.options.length ? (
              <div className="flex flex-wrap gap-1">
                {control.options.map((option) => {
                  const pressed = Array.isArray(current) ? current.includes(option.value) : current === option.value;
                  return (
                    <button
                      key={option.value}
                      type="button"
                      disabled={disabled}
                      aria-pressed={pressed}
                      onClick={() => {
                        onActivate(index);
                        onChange(chooseValue(control, values, option.value));
                      }}
                      className={`inline-flex items-center gap-1 rounded-md border px-2 py-1 text-xs ${
                        pressed
                          ? "border-indigo-600 bg-indigo-50 font-semibold text-indigo-900"
                          : "border-stone-300 bg-white text-stone-800"
                      }`}
                    >
                      {option.label}
                      {isActive && option.key ? <kbd className="rounded bg-black/10 px-1 text-[0.65rem]">{option.key}</kbd> : null}
                    </button>
                  );
                })}
              </div>
            ) : (
              <input
                type="number"
                min={control.min}
                max={control.max}
                aria-label={`${control.name} (${control.min} to ${control.max})`}
                value={typeof current === "string" ? current : ""}
                disabled={disabled}
                onChange={(e) => {
                  const next = { ...values };
                  if (e.target.value === "") delete next[control.name];
                  else next[control.name] = e.target.value;
                  onChange(next);
                }}
                className={inputClass}
              />
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
