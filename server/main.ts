/**
 * The production HTTP server: Express in front of the React Router build.
 * It does what react-router-serve did (compression, static files with long
 * caching for hashed assets) and gives us one place for what must happen
 * before the framework sees a request (see docs/decisions/0035-own-http-server.md).
 *
 * Usage: node build/http-server/main.js build/server/index.js (compiled by react-router build: server/build.ts)
 */
// First, before any module that imports React or React Router is even resolved: NODE_ENV and the hook that sends
// react-router to its production build. Static imports are all resolved before any of them runs, so everything else
// is loaded dynamically, after it.
import "./production-builds.ts";

await import("./app.ts");
