import type { z } from "zod";

/**
 * A problem in an imported data set, located as precisely as the format allows: the file, the item
 * (its index in the file), the field. An importer collects every issue before it writes anything.
 */
export interface DatasetIssue {
  file: string;
  item?: number;
  field?: string;
  message: string;
}

export function formatDatasetIssue(issue: DatasetIssue): string {
  const where = [issue.file, issue.item !== undefined ? `item ${issue.item}` : null, issue.field ? `field ${issue.field}` : null]
    .filter(Boolean)
    .join(", ");
  return `${where}: ${issue.message}`;
}

/** A data set that cannot be imported; every issue is listed and nothing was written. */
export class DatasetError extends Error {
  constructor(readonly issues: DatasetIssue[]) {
    const shown = issues.slice(0, 20).map(formatDatasetIssue);
    if (issues.length > shown.length) shown.push(`… and ${issues.length - shown.length} more`);
    super(shown.join("\n"));
    this.name = "DatasetError";
  }
}

export function fieldPath(parts: readonly PropertyKey[]): string {
  return parts.reduce<string>(
    (acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)),
    "",
  );
}

/** zod issues of one item as dataset issues. */
export function zodIssues(error: z.ZodError, file: string, item?: number, prefix = ""): DatasetIssue[] {
  return error.issues.map((issue) => {
    const path = fieldPath(issue.path);
    return {
      file,
      item,
      field: [prefix, path].filter(Boolean).join(prefix && path && !path.startsWith("[") ? "." : "") || undefined,
      message: issue.message,
    };
  });
}
