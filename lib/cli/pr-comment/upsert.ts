import type { CommentTarget } from "./target";

/** Marks Gavel's own comment so a later run edits it instead of adding another. */
export const marker = (key: string) => `<!-- gavel-comment:${key} -->`;

export class CommentApiError extends Error {}

type Fetch = typeof fetch;

const PER_PAGE = 100;
const MAX_PAGES = 50;

async function call(fetcher: Fetch, target: CommentTarget, method: string, pathname: string, body?: unknown) {
  const response = await fetcher(`${target.api}${pathname}`, {
    method,
    headers: { ...target.headers, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) {
    const text = (await response.text().catch(() => "")).slice(0, 300);
    throw new CommentApiError(`${method} ${target.api}${pathname}: ${response.status} ${response.statusText}${text ? ` — ${text}` : ""}`);
  }
  return (await response.json()) as unknown;
}

/** Every comment of the PR/MR, page by page (both APIs page with page= and per_page=). */
async function listComments(fetcher: Fetch, target: CommentTarget): Promise<{ id: number | string; body: string }[]> {
  const all: { id: number | string; body: string }[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const batch = await call(fetcher, target, "GET", `${target.collection}?per_page=${PER_PAGE}&page=${page}`);
    if (!Array.isArray(batch)) throw new CommentApiError(`GET ${target.api}${target.collection}: expected a list of comments`);
    for (const c of batch as { id?: unknown; body?: unknown }[])
      if ((typeof c.id === "number" || typeof c.id === "string") && typeof c.body === "string") all.push({ id: c.id, body: c.body });
    if (batch.length < PER_PAGE) break;
  }
  return all;
}

/**
 * Posts the summary as one comment on the PR/MR, or edits the comment an earlier run posted (found
 * by its hidden marker): a PR gets one Gavel comment per key, never a new one per push.
 */
export async function upsertComment(
  target: CommentTarget,
  summary: string,
  options: { key?: string; fetch?: Fetch } = {},
): Promise<{ action: "created" | "updated"; id: number | string; url: string | null }> {
  const fetcher = options.fetch ?? fetch;
  const mark = marker(options.key ?? "summary");
  const body = `${mark}\n${summary}`;
  const existing = (await listComments(fetcher, target)).find((c) => c.body.includes(mark));
  const saved = (
    existing
      ? await call(fetcher, target, target.host === "github" ? "PATCH" : "PUT", target.item(existing.id), { body })
      : await call(fetcher, target, "POST", target.collection, { body })
  ) as { id?: number | string; html_url?: string };
  return { action: existing ? "updated" : "created", id: saved.id ?? existing?.id ?? "", url: saved.html_url ?? null };
}
