import { describe, expect, it } from "vitest";
import { csvCell, csvResponse, safeFilename } from "./csv.server.ts";

describe("csvCell", () => {
  it("neutralises cells that a spreadsheet would run as formulas", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    }
    expect(csvCell("+233241234567")).toBe("'+233241234567");
  });
  it("leaves ordinary text, numbers and empty values alone", () => {
    expect(csvCell("Ama Mensah")).toBe("Ama Mensah");
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell(3)).toBe("3");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });
  it("joins lists and neutralises the joined text", () => {
    expect(csvCell(["Mathematics", "Physics"])).toBe("Mathematics, Physics");
    expect(csvCell(["=1+1", "x"])).toBe("'=1+1, x");
  });
});

describe("csvResponse", () => {
  it("streams a UTF-8 CSV with a BOM, a header row and quoted cells where needed", async () => {
    async function* rows() {
      yield { a: "Kofi, Jr.", b: 'say "hi"' };
      yield { a: "=HYPERLINK()", b: "Ẹ̀wé ✓" };
    }
    const res = csvResponse("list 1.csv", rows(), [
      { header: "Name", value: (r) => r.a },
      { header: "Note", value: (r) => r.b },
    ]);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="list_1.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text).toBe('Name,Note\n"Kofi, Jr.","say ""hi"""\n\'=HYPERLINK(),Ẹ̀wé ✓\n');
  });
  it("writes only the header for no rows", async () => {
    const res = csvResponse("x.csv", [], [{ header: "A", value: () => 1 }]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer())).toBe("\uFEFFA\n");
  });
  it("keeps file names safe", () => {
    expect(safeFilename('a"b\r\n.csv')).toBe("a_b_.csv");
  });
});

describe("csvStream at size", () => {
  it("streams many rows in order without losing any", async () => {
    async function* rows() {
      for (let i = 0; i < 20_000; i++) yield i;
    }
    const res = csvResponse("n.csv", rows(), [{ header: "N", value: (n) => n }, { header: "Text", value: (n) => `row ${n}, ok` }]);
    const lines = (await res.text()).split("\n");
    expect(lines).toHaveLength(20_002);
    expect(lines[1]).toBe('0,"row 0, ok"');
    expect(lines[20_000]).toBe('19999,"row 19999, ok"');
  });
});
