import zlib from "node:zlib";

/**
 * Just enough PDF reading to test our own output: checks the file's frame and
 * returns the text drawn by each text object (pdfkit's built-in fonts write
 * WinAnsi hex strings in TJ arrays), one line per object. Not a general parser.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  if (!raw.startsWith("%PDF-")) throw new Error("not a PDF: missing %PDF- header");
  if (!raw.trimEnd().endsWith("%%EOF")) throw new Error("not a PDF: missing %%EOF trailer");
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const bytes = Buffer.from(m[1], "latin1");
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString("latin1");
    } catch {
      content = m[1];
    }
    for (const block of content.match(/BT[\s\S]*?ET/g) ?? []) {
      const parts = [...block.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], "hex").toString("latin1"));
      if (parts.length) lines.push(parts.join(""));
    }
  }
  return lines.join("\n");
}
