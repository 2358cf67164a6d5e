/**
 * Generates the five bundled Form 2 timetables (public/timetables/form-2-{programme}.png)
 * that the bulk upload on /timetable-upload copies into uploads/. Run once and commit
 * the images: `tsx scripts/make-timetable-images.ts`. Deterministic: same input, same table.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { PROGRAMMES, PROGRAMME_LABELS, PROGRAMME_SUBJECTS } from "#app/domain/programmes.ts";
import { SCHOOL_NAME } from "#app/domain/school.ts";

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const TIMES = ["8:00 AM", "10:00 AM", "12:00 PM", "2:00 PM", "4:00 PM"];
const outDir = path.resolve("public/timetables");

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

function html(programme: (typeof PROGRAMMES)[number]) {
  const subjects = PROGRAMME_SUBJECTS[programme];
  const rows = DAYS.map((day, d) => {
    const cells = TIMES.map(
      (_, t) => `<td>${escape(subjects[(d * TIMES.length + t * 3 + d) % subjects.length])}</td>`,
    ).join("");
    return `<tr><th scope="row">${day}</th>${cells}</tr>`;
  }).join("");
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; font: 14px/1.3 Arial, Helvetica, sans-serif; color: #111; background: #fff; }
    .wrap { padding: 20px; width: 860px; }
    h1 { font-size: 20px; margin: 0 0 4px; color: #133f8a; }
    p { margin: 0 0 12px; color: #333; }
    table { border-collapse: collapse; width: 100%; }
    th, td { border: 1px solid #9ca3af; padding: 8px 6px; text-align: center; }
    thead th { background: #174ca8; color: #fff; }
    tbody th { background: #eef6ff; text-align: left; }
    tbody tr:nth-child(even) td { background: #f9fafb; }
  </style></head><body><div class="wrap">
    <h1>${escape(SCHOOL_NAME)} · Form 2 ${escape(PROGRAMME_LABELS[programme])} Timetable</h1>
    <p>Weekly vacation classes, Monday to Friday. Times are Ghana time (GMT).</p>
    <table><thead><tr><th scope="col">Day</th>${TIMES.map((t) => `<th scope="col">${t}</th>`).join("")}</tr></thead>
    <tbody>${rows}</tbody></table></div></body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 400 }, deviceScaleFactor: 1 });
  fs.mkdirSync(outDir, { recursive: true });
  for (const programme of PROGRAMMES) {
    await page.setContent(html(programme));
    const file = path.join(outDir, `form-2-${programme}.png`);
    await page.locator(".wrap").screenshot({ path: file, type: "png" });
    console.log(`${file}: ${fs.statSync(file).size} bytes`);
  }
} finally {
  await browser.close();
}
