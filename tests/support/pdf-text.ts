import zlib from "node:zlib";

/**
 * Just enough PDF reading to test our own output: checks the file's frame and
 * returns the text drawn by each text object, one line per object. pdfkit's
 * embedded fonts (DejaVu Sans, app/utils/pdf-fonts.server.ts) write 2-byte
 * glyph codes that each font's ToUnicode CMap maps back to text; built-in
 * fonts write WinAnsi bytes. Not a general parser.
 */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString("latin1");
  if (!raw.startsWith("%PDF-")) throw new Error("not a PDF: missing %PDF- header");
  if (!raw.trimEnd().endsWith("%%EOF")) throw new Error("not a PDF: missing %%EOF trailer");

  // Objects in order; a stream's bytes are skipped by its /Length, since compressed data may hold "endobj" by chance
  // (a content stream cut there read as a page without text).
  const objects = new Map<string, string>();
  const header = /(\d+) 0 obj/g;
  for (let m = header.exec(raw); m; m = header.exec(raw)) {
    const bodyStart = m.index + m[0].length;
    const streamAt = raw.indexOf("stream", bodyStart);
    const firstEnd = raw.indexOf("endobj", bodyStart);
    const length =
      streamAt !== -1 && streamAt < firstEnd ? /\/Length (\d+)/.exec(raw.slice(bodyStart, streamAt)) : null;
    const end = length ? raw.indexOf("endobj", streamAt + "stream".length + Number(length[1])) : firstEnd;
    if (end === -1) break;
    objects.set(m[1], raw.slice(bodyStart, end));
    header.lastIndex = end;
  }
  const streamOf = (body: string) => {
    const m = /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(body);
    if (!m) return "";
    const bytes = Buffer.from(m[1], "latin1");
    try {
      return zlib.inflateSync(bytes).toString("latin1");
    } catch {
      return m[1];
    }
  };

  // Font resource name (/F2) → its ToUnicode map (glyph code → text).
  const cmaps = new Map<string, Map<number, string>>();
  for (const body of objects.values()) {
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(body);
    if (!fontDict) continue;
    for (const ref of fontDict[1].matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const font = objects.get(ref[2]) ?? "";
      const toUnicode = /\/ToUnicode\s+(\d+) 0 R/.exec(font);
      if (toUnicode) cmaps.set(ref[1], parseCMap(streamOf(objects.get(toUnicode[1]) ?? "")));
    }
  }

  const lines: string[] = [];
  for (const body of objects.values()) {
    if (/\/ToUnicode|CIDInit/.test(body)) continue;
    const content = streamOf(body);
    for (const block of content.match(/BT[\s\S]*?ET/g) ?? []) {
      let cmap: Map<number, string> | undefined;
      let text = "";
      for (const token of block.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>/g)) {
        if (token[1]) {
          cmap = cmaps.get(token[1]);
          continue;
        }
        const hex = token[2];
        if (cmap) {
          for (let i = 0; i + 4 <= hex.length; i += 4) text += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? "\uFFFD";
        } else {
          text += Buffer.from(hex, "hex").toString("latin1");
        }
      }
      if (text) lines.push(text);
    }
  }
  return lines.join("\n");
}

function utf16(hex: string) {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

function parseCMap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const section of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of section[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const lo = parseInt(m[1], 16);
      const hi = parseInt(m[2], 16);
      if (m[3].startsWith("[")) {
        // A ligature maps to several UTF-16 units: <0066 0069> is "fi".
        const values = [...m[3].matchAll(/<([0-9a-fA-F\s]+)>/g)].map((v) => utf16(v[1].replace(/\s+/g, "")));
        values.forEach((v, i) => map.set(lo + i, v));
      } else {
        const start = parseInt(m[3].slice(1, -1), 16);
        for (let c = lo; c <= hi; c += 1) map.set(c, String.fromCharCode(start + c - lo));
      }
    }
  }
  for (const section of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of section[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(m[1], 16), utf16(m[2]));
  }
  return map;
}
