import "server-only";
import { judgeVersionHash, judgeVersionSpec, type JudgeVersionSpec } from "../judges/version";
import { db, type Tx } from "./client";

export async function listJudges() {
  return db().judge.findMany({
    orderBy: { name: "asc" },
    include: { versions: { orderBy: { version: "desc" }, take: 1, select: { version: true, provider: true, model: true, hash: true } } },
  });
}

export type ItemKind = "binary" | "pairwise" | "graded";

/**
 * The judge version with this spec, created when new (append-only: an existing version is never
 * changed). A new version of a judge records its predecessor as parent and numbers itself after it.
 */
export async function findOrCreateJudgeVersion(
  judge: { name: string; kind: ItemKind; description?: string },
  input: JudgeVersionSpec,
  options: { createdById?: string | null; note?: string; parentId?: string | null; tx?: Tx } = {},
) {
  const spec = judgeVersionSpec.parse(input);
  const hash = judgeVersionHash(spec);
  const run = async (tx: Tx) => {
    const existing = await tx.judgeVersion.findUnique({ where: { hash } });
    if (existing) return { version: existing, created: false };
    const owner = await tx.judge.upsert({
      where: { name: judge.name },
      update: {},
      create: { name: judge.name, kind: judge.kind, description: judge.description },
    });
    const latest = await tx.judgeVersion.findFirst({ where: { judgeId: owner.id }, orderBy: { version: "desc" } });
    const version = await tx.judgeVersion.create({
      data: {
        judgeId: owner.id,
        version: (latest?.version ?? 0) + 1,
        hash,
        parentId: options.parentId === undefined ? (latest?.id ?? null) : options.parentId,
        provider: spec.provider,
        model: spec.model,
        baseUrl: spec.baseUrl,
        promptTemplate: spec.promptTemplate,
        params: spec.params,
        parser: spec.parser,
        note: options.note,
        createdById: options.createdById ?? null,
      },
    });
    return { version, created: true };
  };
  return options.tx ? run(options.tx) : db().$transaction(run);
}
