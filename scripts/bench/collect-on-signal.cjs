// Bench instrumentation for `npm run bench -- --only lean`, preloaded (with --expose-gc) into the app process it
// measures, and nowhere else: on SIGUSR2, one full garbage collection, then a line on stderr. What the process still
// holds after it is what its data and code take; the RSS read before it also counts garbage V8 has not collected yet.
// The line waits 300 ms after the collection: what the app does after every major collection (it hands the memory
// freed back to the system, server/memory-trim.ts, 50 ms later) is part of what it holds.
"use strict";
process.on("SIGUSR2", () => {
  globalThis.gc();
  globalThis.gc();
  setTimeout(() => process.stderr.write("[bench] collected\n"), 300);
});
