/**
 * A worker thread that renders the app's PDFs (docs/decisions/0117-pdfs-off-the-request-thread.md): a report, a
 * schedule or a receipt takes 100–550 ms of a thread, which on the request thread is that long with no other request
 * answered. Started with the first PDF, restarted after a crash (the PDFs it had are refused, the next ones start it
 * again), one per app process: PDFs wait for each other there, pages do not wait for PDFs.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { PdfJob } from "#app/utils/pdf-render.server.ts";

/** The entry beside this module: `pdf-worker.js` in the compiled server (server/build.ts), `pdf-worker.ts` in source. */
export const PDF_WORKER = new URL(`./pdf-worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url);

type Pending = { resolve: (pdf: Uint8Array) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

export function pdfThread(entry: URL = PDF_WORKER, { timeoutMs = 30_000 } = {}) {
  let worker: Worker | null = null;
  let next = 0;
  const pending = new Map<number, Pending>();
  const failAll = (error: Error) => {
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.reject(error);
    }
    pending.clear();
  };
  const start = () => {
    // pdfkit and its fonts take about 20 MiB: a bound of its own, so that a runaway PDF ends this thread, not the app.
    // Named, so that /proc (and the tests) tell its CPU from the request thread's.
    const started = new Worker(entry, { name: "pdf-thread", resourceLimits: { maxOldGenerationSizeMb: 128 } });
    started.unref();
    started.on("message", ({ id, pdf, error }: { id: number; pdf?: Uint8Array; error?: string }) => {
      const job = pending.get(id);
      if (!job) return;
      pending.delete(id);
      clearTimeout(job.timer);
      if (pdf) job.resolve(pdf);
      else job.reject(new Error(`the PDF could not be made: ${error}`));
    });
    const gone = (error: Error) => {
      if (worker !== started) return;
      worker = null;
      failAll(error);
    };
    started.on("error", gone);
    started.on("exit", (code) => gone(new Error(`the PDF thread stopped (exit code ${code})`)));
    return started;
  };
  return {
    render(job: PdfJob): Promise<Uint8Array> {
      return new Promise((resolve, reject) => {
        worker ??= start();
        const id = ++next;
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`the PDF took more than ${timeoutMs} ms`));
          // A PDF that never ends holds the thread: it is ended, and the next PDF starts another.
          const stuck = worker;
          worker = null;
          failAll(new Error("the PDF thread was restarted after a PDF that did not end"));
          void stuck?.terminate();
        }, timeoutMs);
        timer.unref();
        pending.set(id, { resolve, reject, timer });
        try {
          worker.postMessage({ id, job });
        } catch (error) {
          // Data that cannot be sent to a thread (never the case for the app's plain inputs).
          clearTimeout(timer);
          pending.delete(id);
          reject(error as Error);
        }
      });
    },
    async stop() {
      const stopping = worker;
      worker = null;
      failAll(new Error("the PDF thread was stopped"));
      await stopping?.terminate();
    },
  };
}
