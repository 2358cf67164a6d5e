/**
 * Memory the app has freed goes back to the system after each major garbage collection.
 *
 * The buffers of a burst of work (a 100,000-row CSV export: database replies, socket reads, encoded CSV chunks,
 * 16–64 KiB each) are freed when V8 collects them, into glibc's main heap; glibc gives pages back to the system only
 * from the top of that heap, and one small allocation still alive near the top keeps the rest. Measured: the app held
 * 30–40 MiB more after an export than before it, all of it free memory inside glibc (`malloc_trim(0)` handed it back
 * at once). So after each major collection (the only time much of it is freed) the app calls glibc's `malloc_trim`,
 * which releases every whole free page of every arena. A few milliseconds per major collection; none per request.
 * docs/decisions/0069-freed-memory-back-to-the-system.md
 *
 * glibc's `malloc_trim` is reached through koffi (a maintained FFI library with prebuilt binaries): where it cannot be
 * loaded (musl, macOS, Windows) nothing happens. `MEMORY_TRIM=off` turns it off.
 */
import { createRequire } from "node:module";
import { PerformanceObserver, constants } from "node:perf_hooks";

/** `malloc_trim(pad)`: 1 when memory was released. */
export type MallocTrim = (pad: number) => number;

/** glibc's malloc_trim, or null where the C library is not glibc or koffi cannot load it. */
export function loadMallocTrim(): MallocTrim | null {
  if (process.platform !== "linux") return null;
  try {
    const koffi = createRequire(import.meta.url)("koffi") as typeof import("koffi");
    return koffi.load("libc.so.6").func("int malloc_trim(size_t pad)") as MallocTrim;
  } catch {
    return null;
  }
}

/** How long after a major collection the trim runs (V8 frees the dead array buffers on a background thread). */
const TRIM_DELAY_MS = 50;

/**
 * A moment after each major collection (so that the array buffers it found dead, freed by V8 on a background
 * thread, are free too), one `trim(0)`. Collections close together share one trim. For the process's lifetime.
 */
export function trimAfterMajorCollections(trim: MallocTrim, options: { onTrim?: (ms: number) => void } = {}) {
  let timer: NodeJS.Timeout | null = null;
  const run = () => {
    timer = null;
    const started = performance.now();
    trim(0);
    options.onTrim?.(performance.now() - started);
  };
  const observer = new PerformanceObserver((list) => {
    if (timer) return;
    const major = list
      .getEntries()
      .some(
        (e) =>
          (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
      );
    if (major) timer = setTimeout(run, TRIM_DELAY_MS).unref();
  });
  observer.observe({ entryTypes: ["gc"] });
}

/**
 * The trim for this process (server/tuning/settings.ts: MEMORY_TRIM): true when it runs, false where glibc's
 * malloc_trim is missing.
 * The app's workers and the first process that runs their embedded database each run their own.
 */
export function startMemoryTrim(options: { onTrim?: (ms: number) => void } = {}): boolean {
  const trim = loadMallocTrim();
  if (trim) trimAfterMajorCollections(trim, options);
  return trim !== null;
}
