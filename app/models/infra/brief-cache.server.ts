/**
 * Reads that are the same for every request and harmless at most a second old (the settings, a programme's class
 * pages, the announcements a role sees), kept per process for `ttlMs`. Concurrent requests for a missing key share one
 * read; a failed read is not kept. `forget()` after a write drops the copy here at once, and in the other app workers of
 * this machine (server/cluster.ts relays the word); other machines sharing the database see the change within `ttlMs`.
 * Never for who is signed in: sessions are read on every request.
 */
/** What a worker sends to have a message passed to every other worker (`{ type: BROADCAST, message }`, server/cluster.ts). */
export const BROADCAST = "vcp:broadcast";

export type BriefCache<V> = {
  get(key: string, read: () => PromiseLike<V>): Promise<V>;
  /** Drop every entry, here and in this machine's other workers. */
  forget(): void;
};

/**
 * Every cache's entries by its forget message; one process listener serves them all, however many caches there are.
 * Names are unique; a second cache of a name takes its place (a module evaluated again in development).
 */
const cachesByForgetMessage = new Map<string, Map<string, unknown>>();
let listening = false;

function listenForForget(forgetMessage: string, entries: Map<string, unknown>) {
  cachesByForgetMessage.set(forgetMessage, entries);
  if (listening) return;
  listening = true;
  process.on("message", (message: { type?: string }) => {
    if (typeof message?.type === "string") cachesByForgetMessage.get(message.type)?.clear();
  });
}

export function briefCache<V>(name: string, options: { ttlMs?: number; maxEntries?: number } = {}): BriefCache<V> {
  const ttlMs = options.ttlMs ?? 1_000;
  const maxEntries = options.maxEntries ?? 100;
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  const forgetMessage = `vcp:forget ${name}`;
  listenForForget(forgetMessage, entries);
  return {
    get(key, read) {
      const entry = entries.get(key);
      if (entry && Date.now() - entry.at < ttlMs) return entry.value;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const value = Promise.resolve(read()); // a Mongoose query is a thenable that runs again on each then()
      const stored = { at: Date.now(), value };
      entries.set(key, stored);
      value.catch(() => {
        if (entries.get(key) === stored) entries.delete(key);
      });
      return value;
    },
    forget() {
      entries.clear();
      process.send?.({ type: BROADCAST, message: { type: forgetMessage } });
    },
  };
}
