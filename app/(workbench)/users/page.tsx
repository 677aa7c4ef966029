import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/app/_components/ui/badge";
import { Card, CardBody, CardHeader } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import { requireRole } from "@/lib/auth/session";
import { listAuditEvents } from "@/lib/db/audit";
import { listUsers } from "@/lib/db/users";
import { formatAuditDetails } from "@/lib/audit-format";
import { splitImportedRaters } from "@/lib/users/imported-raters";
import { CreateUserForm } from "./create-user-form";
import { ImportedRaters } from "./imported-raters";
import { AdjudicatorForm, DisableForm, RoleForm } from "./user-row-actions";

export const metadata: Metadata = { title: "Users" };

const dateTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default async function UsersPage() {
  const me = await requireRole("users:manage");
  const [all, events] = await Promise.all([listUsers(), listAuditEvents({ limit: 30 })]);
  const { people: users, raters } = splitImportedRaters(all);

  return (
    <div className="space-y-8">
      <PageHeader
        title="Users"
        description={
          <>
            Admins manage users, approve judges and set gates. Reviewers label and run. Viewers read. An adjudicator (any role) decides gold
            labels where reviewers disagree. Every change here is written to the audit log below.{" "}
            <Link className="text-indigo-700 underline" href="/users/tokens">
              API tokens
            </Link>{" "}
            for CI are managed (and revoked) there.
          </>
        }
      />
      <Card>
        <CardHeader title="People" description={`${users.length} account${users.length === 1 ? "" : "s"}`} />
        <Table>
          <TableHead columns={["Email", "Name", "Role", "Adjudicates", "Status", "Access"]} />
          <tbody className="divide-y divide-stone-100">
            {users.map((user) => (
              <tr key={user.id} data-testid={`user-row-${user.email}`}>
                <Td className="font-medium">
                  {user.email}
                  {user.id === me.id ? <span className="ml-2 text-xs text-stone-500">(you)</span> : null}
                </Td>
                <Td>{user.name ?? <span className="text-stone-400">—</span>}</Td>
                <Td>
                  <RoleForm userId={user.id} email={user.email} role={user.role} />
                </Td>
                <Td>
                  <AdjudicatorForm userId={user.id} email={user.email} isAdjudicator={user.isAdjudicator} isAdmin={user.role === "admin"} />
                </Td>
                <Td>{user.disabledAt ? <Badge tone="bad">disabled</Badge> : <Badge tone="good">active</Badge>}</Td>
                <Td>
                  {user.id === me.id ? null : <DisableForm userId={user.id} email={user.email} disabled={Boolean(user.disabledAt)} />}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card>
      {raters.length ? <ImportedRaters raters={raters} /> : null}
      <Card>
        <CardHeader title="Add a user" description="They sign in with this email and password; share the password with them privately." />
        <CardBody>
          <CreateUserForm />
        </CardBody>
      </Card>
      <Card>
        <CardHeader
          title="Audit log"
          description={
            <>
              The newest events: who did what, when (UTC). Every event, with filters:{" "}
              <Link className="text-indigo-700 hover:underline" href="/audit">
                Audit
              </Link>
              .
            </>
          }
        />
        {events.length === 0 ? (
          <CardBody className="text-sm text-stone-600">Nothing recorded yet.</CardBody>
        ) : (
          <Table>
            <TableHead columns={["When", "Who", "What", "Details"]} />
            <tbody className="divide-y divide-stone-100" data-testid="audit-log">
              {events.map((event) => (
                <tr key={event.id}>
                  <Td className="whitespace-nowrap text-stone-600">{dateTime.format(event.createdAt)}</Td>
                  <Td>{event.actor?.email ?? <span className="text-stone-500">system</span>}</Td>
                  <Td className="font-mono text-xs">{event.action}</Td>
                  <Td className="font-mono text-xs text-stone-600">{formatAuditDetails(event.details)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </div>
  );
}
