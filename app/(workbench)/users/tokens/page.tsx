import type { Metadata } from "next";
import { headers } from "next/headers";
import { Badge } from "@/app/_components/ui/badge";
import { Card, CardBody, CardHeader, SectionCard } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { listApiTokens } from "@/lib/db/api-tokens";
import { can } from "@/lib/roles";
import { grantableScopes, TOKEN_SCOPES } from "@/lib/token-scopes";
import { CreateTokenForm, RevokeTokenForm } from "./token-forms";

export const metadata: Metadata = { title: "API tokens" };

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function TokenTable({ tokens, owner }: { tokens: Awaited<ReturnType<typeof listApiTokens>>; owner: boolean }) {
  return (
    <Table aria-label={owner ? "All tokens" : "Your tokens"}>
      <TableHead columns={[...(owner ? ["Owner"] : []), "Name", "Token", "Scopes", "Created", "Last used", "Status"]} />
      <tbody className="divide-y divide-stone-100">
        {tokens.map((t) => (
          <tr key={t.id} data-testid={`token-row-${t.name}`}>
            {owner ? <Td className="text-sm">{t.user.email}</Td> : null}
            <Td className="font-medium">{t.name}</Td>
            <Td className="font-mono text-xs">{t.prefix}…</Td>
            <Td className="font-mono text-xs">{t.scopes}</Td>
            <Td className="whitespace-nowrap text-sm text-stone-600">{when.format(t.createdAt)}</Td>
            <Td className="whitespace-nowrap text-sm text-stone-600" data-testid="token-last-used">
              {t.lastUsedAt ? when.format(t.lastUsedAt) : "never"}
            </Td>
            <Td>
              {t.revokedAt ? (
                <Badge tone="bad">revoked {when.format(t.revokedAt)}</Badge>
              ) : (
                <RevokeTokenForm tokenId={t.id} name={t.name} />
              )}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Personal API tokens: for `gavel run --server` in CI and for POST /api/transcripts/import. */
export default async function TokensPage() {
  const me = await requireRole("read");
  const mine = await listApiTokens({ userId: me.id });
  const everyone = can(me, "users:manage") ? (await listApiTokens()).filter((t) => t.user.id !== me.id) : null;
  const host = (await headers()).get("host");
  const server = process.env.NEXTAUTH_URL?.trim() || (host ? `http://${host}` : "https://your-gavel-server");
  const scopes = grantableScopes(me).map((s) => ({ name: s, description: TOKEN_SCOPES[s].description }));
  return (
    <div className="space-y-8">
      <PageHeader
        title="API tokens"
        description="Personal tokens let CI send runs to this server and import transcripts, as you and never beyond your role. A token is shown once when created; only a hash of it is kept. Every use is written to the audit log."
      />
      <SectionCard title="New token" description="Name it after where it will live, and give it only the scopes that job needs.">
        <CreateTokenForm scopes={scopes} />
      </SectionCard>
      <Card>
        <CardHeader title="Your tokens" description={mine.length ? `${mine.length} token${mine.length === 1 ? "" : "s"}` : undefined} />
        {mine.length ? (
          <TokenTable tokens={mine} owner={false} />
        ) : (
          <CardBody className="text-sm text-stone-600">No tokens yet. Create one above, then put it in your CI's secrets.</CardBody>
        )}
      </Card>
      {everyone ? (
        <Card>
          <CardHeader title="Everyone else's tokens" description="As an admin you may revoke any token." />
          {everyone.length ? (
            <TokenTable tokens={everyone} owner />
          ) : (
            <CardBody className="text-sm text-stone-600">No one else has a token.</CardBody>
          )}
        </Card>
      ) : null}
      <Card>
        <CardHeader title="Use it" />
        <CardBody className="space-y-2 text-sm text-stone-700">
          <p>Keep the token in a CI secret and pass it through the environment (a flag would show in process lists):</p>
          <pre className="overflow-x-auto rounded bg-stone-900 px-3 py-2 font-mono text-xs text-stone-100">{`GAVEL_SERVER=${server} GAVEL_TOKEN=<token> \\
  npx gavel run datasets/refund --agent <spec> --agent-label refund-agent --trials 5 --junit report.xml`}</pre>
          <p>
            The run, its trials and transcripts are stored here; the operational and trend gates are evaluated against this server&apos;s
            history, and the command prints the run&apos;s URL and each failing trial&apos;s. See docs/ci.md for GitHub Actions and GitLab
            CI.
          </p>
        </CardBody>
      </Card>
    </div>
  );
}
