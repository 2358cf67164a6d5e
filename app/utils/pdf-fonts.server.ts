import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type PDFDocument from "pdfkit";

/**
 * DejaVu Sans (from the dejavu-fonts-ttf package), embedded in every PDF we
 * write: pdfkit's built-in Helvetica only knows WinAnsi, so Ghanaian letters
 * (Ɛ ɛ Ɔ ɔ Ŋ ŋ) and "₵" would print as garbage. pdfkit subsets the font, so
 * a receipt carries only the glyphs it uses.
 */
export const PDF_FONT = "Body";
export const PDF_FONT_BOLD = "BodyBold";

const require = createRequire(import.meta.url);

type PdfKit = { default: typeof PDFDocument };
let pdfkit: Promise<PdfKit> | null = null;

/**
 * A new pdfkit document. pdfkit (with fontkit and the Unicode tables it inflates as it loads: about 20 MiB and a tenth
 * of a second) is loaded by the first PDF a process writes, not by every start: most instances never write one.
 */
export async function newPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<InstanceType<typeof PDFDocument>> {
  const { default: Document } = await (pdfkit ??= import("pdfkit") as Promise<PdfKit>);
  return new Document(options);
}

let cache: { regular: Buffer; bold: Buffer } | null = null;

function fonts() {
  cache ??= {
    regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  };
  return cache;
}

export function registerPdfFonts(doc: InstanceType<typeof PDFDocument>) {
  const { regular, bold } = fonts();
  doc.registerFont(PDF_FONT, regular);
  doc.registerFont(PDF_FONT_BOLD, bold);
  doc.font(PDF_FONT);
}

/**
 * Gets a new document ready to write: our fonts registered, and a promise of its bytes once `doc.end()` is called.
 */
export function preparePdf(doc: InstanceType<typeof PDFDocument>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  registerPdfFonts(doc);
  return bytes;
}
