import { Card, CardHeader } from "@/app/_components/ui/card";
import { Table, TableHead, Td } from "@/app/_components/ui/table";
import type { PublicUser } from "@/lib/db/users";
import { raterDataset } from "@/lib/users/imported-raters";

/** A public data set's raters: their labels are in Gavel, they are not people who sign in. */
export function ImportedRaters({ raters }: { raters: PublicUser[] }) {
  return (
    <Card data-testid="imported-raters">
      <CardHeader
        title="Imported raters"
        description={`${raters.length} rater${raters.length === 1 ? "" : "s"} from public data sets (their labels came with the data). They have no password and cannot sign in, so there is no role to set and nothing to disable.`}
      />
      <Table>
        <TableHead columns={["Rater", "Name", "Data set"]} />
        <tbody className="divide-y divide-stone-100">
          {raters.map((rater) => (
            <tr key={rater.id} data-testid={`rater-row-${rater.email}`}>
              <Td className="font-mono text-xs">{rater.email}</Td>
              <Td>{rater.name ?? <span className="text-stone-400">—</span>}</Td>
              <Td className="uppercase">{raterDataset(rater)}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
