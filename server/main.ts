/**
 * The production HTTP server: Express in front of the React Router build.
 * It does what react-router-serve did (compression, static files with long
 * caching for hashed assets) and gives us one place for what must happen
 * before the framework sees a request (see docs/decisions/0035-own-http-server.md).
 *
 * Usage: node build/http-server/main.js build/server/index.js (compiled by react-router build: server/build.ts)
 */
// First, before React is loaded (it picks its production or development build by NODE_ENV when it is first
// required): static imports are all resolved before any of them runs, so everything else is loaded dynamically, after.
process.env.NODE_ENV = process.env.NODE_ENV ?? "production";

await import("./app.ts");

export {};
