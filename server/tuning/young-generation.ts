/**
 * V8's young generation capped at 8 MiB semi-spaces. Node 24's V8 sizes them from the machine's memory, which held
 * 220 MiB more than Node 20 with 100,000 registrations loaded, for no measurable throughput
 * (docs/decisions/0075-young-generation-size.md). `npm start` passes the same flags (server/command.test.ts); without
 * them V8 sizes the young generation itself.
 */
export const NODE_FLAGS = ["--max-semi-space-size=8"];
