/**
 * Every PDF the portal writes (a ward's report, a student's schedule, a receipt) goes through `renderPdf`. Rendering
 * one takes 100–550 ms of a thread (pdfkit's layout and the font's subsetting), so the HTTP server hands the app a
 * worker thread to do it in (server/tuning/pdf-thread.ts, through the seam): the request's thread only waits. Without one
 * (unit tests, development) the PDF is rendered here. docs/decisions/0117-pdfs-off-the-request-thread.md.
 */
import { renderReceiptPdf, type ReceiptInput } from "#app/utils/receipt-pdf.server.ts";
import { renderReportPdf, type ReportInput } from "#app/utils/report-pdf.server.ts";
import { renderSchedulePdf, type SchedulePdfInput } from "#app/utils/schedule-pdf.server.ts";

/** What a PDF is made from: plain data, so that it can be sent to another thread. */
export type PdfJob =
  | { kind: "report"; input: ReportInput }
  | { kind: "schedule"; input: SchedulePdfInput }
  | { kind: "receipt"; input: ReceiptInput };

export type PdfRenderer = (job: PdfJob) => Promise<Uint8Array>;

/** The PDF, rendered on the calling thread (the worker thread calls this). */
export function renderPdfHere(job: PdfJob): Promise<Uint8Array> {
  switch (job.kind) {
    case "report":
      return renderReportPdf(job.input);
    case "schedule":
      return renderSchedulePdf(job.input);
    case "receipt":
      return renderReceiptPdf(job.input);
  }
}

let offThread: PdfRenderer | null = null;

/** The server's renderer in another thread, used from now on by `renderPdf`. */
export function renderPdfsWith(renderer: PdfRenderer | null) {
  offThread = renderer;
}

/** The PDF, rendered off the request thread when the server gave a renderer, else here. */
export function renderPdf(job: PdfJob): Promise<Uint8Array> {
  return offThread ? offThread(job) : renderPdfHere(job);
}

/** A PDF as a download or an inline document: its type, name, length, and never kept by a cache. */
export function pdfResponse(pdf: Uint8Array, disposition: string, headers: Record<string, string> = {}) {
  return new Response(pdf as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": disposition,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
      ...headers,
    },
  });
}
