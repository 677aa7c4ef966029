/** One human label read from another tool's file, before it is matched to a queue's items. */
export interface ImportedLabel {
  /** Where it came from, for error messages: "line 14 (task 1002)". */
  where: string;
  /** The item: a transcript id or a transcript's external id. */
  item: string;
  /** The reviewer as the file names them (an email, or the tool's user id). */
  reviewer: string;
  value: string;
  timeSpentMs: number | null;
  createdAt: Date | null;
}

export type LabelFileFormat = "label-studio" | "argilla" | "jsonl" | "csv";
/** Where labels come from: a file format, or a tool they are pulled from (stored as Label.importedFrom). */
export type LabelSource = LabelFileFormat | "langfuse";

export interface ParsedLabels {
  format: LabelSource;
  labels: ImportedLabel[];
  /** Every problem, each naming its line: any problem and nothing is written. */
  errors: string[];
  /** Things read and deliberately left out (cancelled annotations, other questions), counted. */
  notes: string[];
}

export interface ParseOptions {
  /** The question to read (Label Studio from_name, Argilla question name); default the only one there is. */
  question?: string;
}
