import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { pdfText } from "#tests/support/pdf-text.ts";
import { renderPdfHere, type PdfJob } from "#app/utils/pdf-render.server.ts";
import { DEFAULT_CONTACTS } from "#app/domain/school.ts";
import { pdfThread } from "./pdf-thread.ts";

const receipt = (n: number): PdfJob => ({
  kind: "receipt",
  input: {
    receiptCode: `RCT-2026-${String(n).padStart(4, "0")}`,
    season: "2026 Christmas vacation",
    wardName: "Ɛsi Ɔwusu",
    parentName: "Ama Owusu",
    programmeLabel: "General Science",
    amount: 250,
    method: "Mobile Money",
    reference: null,
    paidOn: "01/12/2026",
    confirmedOn: "01/12/2026",
    balanceAfter: 0,
    voided: false,
    contacts: DEFAULT_CONTACTS,
  },
});

describe("the PDF thread", () => {
  const thread = pdfThread();
  afterAll(() => thread.stop());

  it("renders the same PDF as the request's thread would, while that thread spends almost nothing on it", async () => {
    // What one receipt costs the thread that makes it (the second, once pdfkit is loaded)...
    await renderPdfHere(receipt(1));
    const start = process.threadCpuUsage();
    const here = pdfText(await renderPdfHere(receipt(1)));
    const oneHere = process.threadCpuUsage(start).user;
    // ...and what four made in the PDF thread cost this one: CPU time, which another process's load does not change.
    await thread.render(receipt(9));
    const before = process.threadCpuUsage();
    const pdfs = await Promise.all([1, 2, 3, 4].map((n) => thread.render(receipt(n))));
    const fourThere = process.threadCpuUsage(before).user;
    expect(pdfText(pdfs[0]!)).toBe(here);
    expect(pdfText(pdfs[3]!)).toContain("RCT-2026-0004");
    expect(fourThere).toBeLessThan(oneHere);
  });

  it("refuses a PDF that cannot be made, and makes the next one", async () => {
    await expect(thread.render({ kind: "receipt", input: null } as unknown as PdfJob)).rejects.toThrow(
      /the PDF could not be made/,
    );
    expect(pdfText(await thread.render(receipt(5)))).toContain("RCT-2026-0005");
  });
});

describe("a PDF that never ends", () => {
  it("is refused after the timeout, and the thread is replaced so that the next PDF is made", async () => {
    // A thread entry of the same protocol whose "hang" job never ends.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vcp-pdf-thread-"));
    const entry = path.join(dir, "entry.mjs");
    fs.writeFileSync(
      entry,
      `import { parentPort } from "node:worker_threads";
parentPort.on("message", ({ id, job }) => {
  if (job.kind === "hang") for (;;);
  parentPort.postMessage({ id, pdf: new Uint8Array([37, 80, 68, 70]) });
});`,
    );
    const thread = pdfThread(pathToFileURL(entry), { timeoutMs: 2_000 });
    try {
      await expect(thread.render({ kind: "hang" } as unknown as PdfJob)).rejects.toThrow(/more than 2000 ms/);
      expect([...(await thread.render(receipt(6)))]).toEqual([37, 80, 68, 70]);
    } finally {
      await thread.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
