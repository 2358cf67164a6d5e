import { describe, expect, it } from "vitest";
import { csvCell, csvResponse, safeFilename } from "#app/utils/csv.server.ts";

async function csvText(values: unknown[]) {
  const res = csvResponse(
    "t.csv",
    values.map((v) => ({ v })),
    [{ header: "V", value: (r) => r.v }],
  );
  return new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3));
}

describe("CSV cells", () => {
  it("neutralises cells that a spreadsheet would run as formulas (csv-stringify's escape_formulas)", async () => {
    expect(await csvText(["=SUM(A1)", "+1", "-1+2", "@x", "\tx"])).toBe("V\n'=SUM(A1)\n'+1\n'-1+2\n'@x\n'\tx\n");
  });
  it("leaves ordinary text, numbers (negative ones too) and empty values alone", async () => {
    expect(await csvText(["Ama Mensah", "a=b", 3, -2, null, undefined, "", "024 123 4567"])).toBe(
      "V\nAma Mensah\na=b\n3\n-2\n\n\n\n024 123 4567\n",
    );
  });
  it("joins lists and neutralises the joined text", () => {
    expect(csvCell(["Mathematics", "Physics"])).toBe("Mathematics, Physics");
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
    const res = csvResponse("n.csv", rows(), [
      { header: "N", value: (n) => n },
      { header: "Text", value: (n) => `row ${n}, ok` },
    ]);
    const lines = (await res.text()).split("\n");
    expect(lines).toHaveLength(20_002);
    expect(lines[1]).toBe('0,"row 0, ok"');
    expect(lines[20_000]).toBe('19999,"row 19999, ok"');
  });
  it("reads rows only as fast as the download is read, and closes the source when the reader goes away", async () => {
    let read = 0;
    let closed = false;
    async function* rows() {
      try {
        for (let i = 0; i < 100_000; i++) {
          read++;
          yield i;
        }
      } finally {
        closed = true;
      }
    }
    const reader = csvResponse("n.csv", rows(), [{ header: "N", value: (n) => n }]).body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(first.value)).toMatch(/^\uFEFFN\n0\n1\n/);
    expect(read).toBeLessThan(1_000);
    await reader.cancel();
    expect(closed).toBe(true);
  });
});

describe("csvStream from batches", () => {
  it("writes each batch a cursor delivers as one chunk, in order, and closes the source when the reader goes away", async () => {
    let closed = false;
    async function* batches() {
      try {
        for (let b = 0; b < 1_000; b++) yield Array.from({ length: 3 }, (_, i) => b * 3 + i);
      } finally {
        closed = true;
      }
    }
    const reader = csvResponse("n.csv", { batches: batches() }, [
      { header: "N", value: (n: number) => n },
    ]).body!.getReader();
    const decode = (bytes: Uint8Array | undefined) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(decode((await reader.read()).value)).toBe("\uFEFFN\n0\n1\n2\n");
    expect(decode((await reader.read()).value)).toBe("3\n4\n5\n");
    await reader.cancel();
    expect(closed).toBe(true);
  });
});
