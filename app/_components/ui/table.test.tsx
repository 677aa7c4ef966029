import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TableHead, Th } from "./table";

describe("Th", () => {
  it("keeps κ and ρ lower-case in an upper-case header (upper-cased they read as K and P)", () => {
    const html = renderToStaticMarkup(<Th>Test κ and Spearman ρ</Th>);
    expect(html).toContain('Test <span class="normal-case">κ</span> and Spearman <span class="normal-case">ρ</span>');
  });

  it("leaves other headers as they are", () => {
    expect(renderToStaticMarkup(<Th className="text-right">Pass rate</Th>)).toMatch(
      /<th scope="col" class="[^"]*text-right">Pass rate<\/th>/,
    );
  });
});

describe("TableHead", () => {
  it("renders one column header per column, with a column's own classes", () => {
    const html = renderToStaticMarkup(
      <table>
        <TableHead columns={["Name", { label: "Pass rate", className: "text-right" }]} />
      </table>,
    );
    expect(html).toMatch(
      /<thead class="bg-stone-50"><tr><th scope="col" class="[^"]*">Name<\/th><th scope="col" class="[^"]* text-right">Pass rate<\/th><\/tr><\/thead>/,
    );
  });
});
