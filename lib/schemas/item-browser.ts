import { z } from "zod";

/**
 * The item browser's URL search parameters (/label/[queueId]/items): every filter lives in the URL,
 * so a filtered page is a link to share and works without JavaScript. An empty parameter means "any"
 * (what a plain GET form sends for an untouched field).
 */
/** An item's status in the browser, in the order of lib/labeling/item-status.ts's precedence rules. */
export const ITEM_STATUSES = ["needs-labels", "labeled", "gold", "stranded", "skipped"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

const blank = (v: unknown) => (v === "" || v === undefined ? undefined : Array.isArray(v) ? v[0] : v);

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

/** A keyset cursor: an item's order key and id, "<orderKey>.<id>" (see cursorOf in lib/db/labeling/browse.ts). */
const cursor = z
  .string()
  .regex(/^[0-9a-f]{1,80}\.[\w-]{1,64}$/, "That page link is damaged (the cursor is not one this page wrote): start again from page 1.");

const yes = z.enum(["1"], { error: "Use 1 to turn this filter on, or leave it out." });

export const itemBrowserQuery = z.strictObject(
  {
    q: optional(z.string().trim().max(200, "Keep the search under 200 characters.")),
    status: optional(z.enum(ITEM_STATUSES, { error: `Status is one of ${ITEM_STATUSES.join(", ")}.` })),
    split: optional(z.enum(["dev", "test"], { error: "Split is dev or test." })),
    label: optional(z.string().trim().max(32, "A label value is at most 32 characters.")),
    reviewer: optional(z.string().trim().max(320, "A reviewer is an email address of at most 320 characters.")),
    flagged: optional(yes),
    disagreement: optional(yes),
    after: optional(cursor),
    before: optional(cursor),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown filter: ${issue.keys.join(", ")}.` : undefined) },
);
export type ItemBrowserQuery = z.output<typeof itemBrowserQuery>;

export type ItemBrowserParse = { ok: true; query: ItemBrowserQuery } | { ok: false; errors: string[] };

/** Parses Next's searchParams; a bad parameter comes back as sentences naming it, never as a throw. */
export function parseItemBrowserQuery(params: Record<string, string | string[] | undefined>): ItemBrowserParse {
  const result = itemBrowserQuery.safeParse(params);
  if (result.success) {
    if (result.data.after && result.data.before) return { ok: false, errors: ["A page link has either after or before, not both."] };
    return { ok: true, query: result.data };
  }
  return {
    ok: false,
    errors: result.error.issues.map((i) =>
      i.path.length > 0 && i.code !== "unrecognized_keys" ? `${String(i.path[0])}: ${i.message}` : i.message,
    ),
  };
}
