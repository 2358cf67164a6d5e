/**
 * A Vite plugin that writes brotli (quality 11) and gzip (level 9) copies of every text file of the client build,
 * served by server/static-assets.ts (docs/decisions/0041-compression.md). It runs once the client environment's files
 * are written, so the copies cover the bundle and the files copied from `public/` alike; the server build is not
 * served and gets none.
 */
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TEXT_FILE = /\.(js|mjs|css|svg|json|txt|html|xml|webmanifest)$/;
/** Below this, a compressed copy saves less than the headers that announce it. */
const THRESHOLD_BYTES = 1024;

/** The `.br` and `.gz` copies of one file; a copy that is not smaller than the file is not written. */
export async function precompressFile(file: string): Promise<void> {
  const source = await fs.readFile(file);
  if (source.length < THRESHOLD_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip(source, { level: 9 }),
  ]);
  if (br.length < source.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < source.length) await fs.writeFile(`${file}.gz`, gz);
}

export function precompress(): Plugin {
  return {
    name: "vacation-classes:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async closeBundle() {
      const outDir = path.resolve(this.environment.config.root, this.environment.config.build.outDir);
      // No output directory: the build failed before writing, and its own error is the one to report.
      if (!existsSync(outDir)) return;
      const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries.filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name));
      await Promise.all(files.map((entry) => precompressFile(path.join(entry.parentPath, entry.name))));
    },
  };
}
