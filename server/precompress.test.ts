import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, beforeEach, expect, test } from "vitest";
import { precompressFile } from "./precompress.ts";

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "precompress-"));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

test("a text file gets brotli and gzip copies that decompress to it", async () => {
  const file = path.join(dir, "app.js");
  const source = "export const subjects = ['Mathematics', 'English', 'Integrated Science'];\n".repeat(40);
  await fs.writeFile(file, source);
  await precompressFile(file);
  expect(zlib.brotliDecompressSync(await fs.readFile(`${file}.br`)).toString()).toBe(source);
  expect(zlib.gunzipSync(await fs.readFile(`${file}.gz`)).toString()).toBe(source);
});

test("a file under 1 KiB, or one that does not shrink, gets no copy", async () => {
  const small = path.join(dir, "small.js");
  await fs.writeFile(small, "export {};\n");
  const random = path.join(dir, "random.json");
  await fs.writeFile(random, (await import("node:crypto")).randomBytes(4096));
  await precompressFile(small);
  await precompressFile(random);
  expect((await fs.readdir(dir)).sort()).toEqual(["random.json", "small.js"]);
});
