import "server-only";
import type { ItemKind } from "../items/kinds";
import { judgeVersionHash, judgeVersionSpec, type JudgeVersionSpec } from "../judges/version";
import { recordAudit } from "./audit";
import { db, type Tx } from "./client";

export async function listJudges() {
  return db().judge.findMany({
    orderBy: { name: "asc" },
    include: {
      versions: { orderBy: { version: "desc" }, take: 1, select: { id: true, version: true, provider: true, model: true, hash: true } },
    },
  });
}

/**
 * One page of judges by name (those whose name contains `query`, when given), each with every version's id,
 * number, provider, model and approval count, newest first; and how many judges match. Two reads.
 */
export async function listJudgesPage(options: {
  query?: string;
  skip: number;
  take: number;
  /** Only (include) or all but (exclude) the judges whose name starts with one of these. */
  namePrefixes?: { prefixes: readonly string[]; include: boolean };
}) {
  const byPrefix = options.namePrefixes
    ? options.namePrefixes.include
      ? { OR: options.namePrefixes.prefixes.map((p) => ({ name: { startsWith: p } })) }
      : { NOT: options.namePrefixes.prefixes.map((p) => ({ name: { startsWith: p } })) }
    : {};
  const where = { ...(options.query?.trim() ? { name: { contains: options.query.trim() } } : {}), ...byPrefix };
  const [judges, total] = await Promise.all([
    db().judge.findMany({
      where,
      orderBy: { name: "asc" },
      skip: options.skip,
      take: options.take,
      select: {
        id: true,
        name: true,
        kind: true,
        versions: {
          orderBy: { version: "desc" },
          select: { id: true, version: true, provider: true, model: true, _count: { select: { approvals: true } } },
        },
      },
    }),
    db().judge.count({ where }),
  ]);
  return { judges, total };
}

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
    const actorId = options.createdById ?? null;
    let owner = await tx.judge.findUnique({ where: { name: judge.name } });
    if (!owner) {
      owner = await tx.judge.create({ data: { name: judge.name, kind: judge.kind, description: judge.description } });
      await recordAudit(tx, { actorId, action: "judge.created", targetId: owner.id, details: { judge: owner.name, kind: owner.kind } });
    }
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
        ...(spec.examples?.length ? { examples: spec.examples } : {}),
        note: options.note,
        createdById: actorId,
      },
    });
    await recordAudit(tx, {
      actorId,
      action: "judge_version.created",
      targetId: version.id,
      details: {
        judge: owner.name,
        version: version.version,
        hash,
        provider: spec.provider,
        model: spec.model,
        parser: spec.parser,
        examples: spec.examples?.length ?? 0,
        parent: version.parentId,
        note: options.note ?? null,
      },
    });
    return { version, created: true };
  };
  return options.tx ? run(options.tx) : db().$transaction(run);
}

export async function getJudge(judgeId: string) {
  return db().judge.findUnique({
    where: { id: judgeId },
    include: { versions: { orderBy: { version: "desc" }, include: { createdBy: { select: { email: true } } } } },
  });
}

export async function getJudgeVersion(id: string) {
  return db().judgeVersion.findUnique({
    where: { id },
    include: { judge: true, parent: { select: { id: true, version: true, model: true } }, createdBy: { select: { email: true } } },
  });
}

export type JudgeVersionWithJudge = NonNullable<Awaited<ReturnType<typeof getJudgeVersion>>>;

/**
 * A version from what a person types: its id, a prefix of its hash (at least 8 hex digits), or
 * name@N / name (the latest version). Ambiguous or unknown references are errors naming the reference.
 */
export async function resolveJudgeVersionRef(ref: string) {
  const text = ref.trim();
  const include = {
    judge: true,
    parent: { select: { id: true, version: true, model: true } },
    createdBy: { select: { email: true } },
  } as const;
  const byId = await db().judgeVersion.findUnique({ where: { id: text }, include });
  if (byId) return byId;
  if (/^[0-9a-f]{8,64}$/i.test(text)) {
    const matches = await db().judgeVersion.findMany({ where: { hash: { startsWith: text.toLowerCase() } }, include, take: 2 });
    if (matches.length > 1) throw new Error(`Judge version reference "${text}" matches more than one version hash: give more digits.`);
    if (matches[0]) return matches[0];
  }
  const at = /^(.+)@v?(\d+)$/.exec(text);
  const judge = await db().judge.findUnique({ where: { name: at ? at[1]! : text } });
  if (judge) {
    const version = await db().judgeVersion.findFirst({
      where: { judgeId: judge.id, ...(at ? { version: Number(at[2]) } : {}) },
      orderBy: { version: "desc" },
      include,
    });
    if (version) return version;
  }
  throw new Error(`No judge version "${text}": give a version id, a hash prefix (8+ hex digits), or name@version.`);
}

export async function findJudgeByName(name: string) {
  return db().judge.findUnique({ where: { name } });
}

/** A judge's version ids, newest first. */
export async function judgeVersionIds(judgeId: string): Promise<string[]> {
  const versions = await db().judgeVersion.findMany({ where: { judgeId }, orderBy: { version: "desc" }, select: { id: true } });
  return versions.map((v) => v.id);
}
