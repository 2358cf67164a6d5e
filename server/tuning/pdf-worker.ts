/**
 * The PDF thread's entry (server/tuning/pdf-thread.ts): each message is a PDF to render (app/utils/pdf-render.server.ts),
 * answered with its bytes, moved rather than copied, or with the error's message.
 */
import { parentPort } from "node:worker_threads";
import { renderPdfHere, type PdfJob } from "#app/utils/pdf-render.server.ts";
import { sendConsoleToLog } from "#app/models/infra/log.server.ts";

// The thread writes to the process's standard output too: its lines are JSON like the rest (PDFKit warns by console).
sendConsoleToLog();

parentPort?.on("message", ({ id, job }: { id: number; job: PdfJob }) => {
  renderPdfHere(job).then(
    (pdf) => {
      // A Buffer may be a view of Node's shared pool, which cannot be moved: such a one is copied.
      try {
        if (pdf.byteOffset !== 0 || pdf.byteLength !== pdf.buffer.byteLength) throw new Error("a view");
        parentPort!.postMessage({ id, pdf }, [pdf.buffer as ArrayBuffer]);
      } catch {
        parentPort!.postMessage({ id, pdf: new Uint8Array(pdf) });
      }
    },
    (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
