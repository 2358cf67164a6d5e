/**
 * Production builds of every library on the server.
 *
 * react-router publishes `dist/production` beside `dist/development`, but its package.json `exports` only name the
 * development files, so Node loads the development build (extra checks and warnings on every render) whatever
 * NODE_ENV says. In production this registers a module resolution hook (server/production-builds-hooks.mjs) that
 * sends those imports to the production files of the same version. React and react-dom already choose by NODE_ENV.
 * Every importer (the app build, @react-router/node, @react-router/express) resolves through the hook, so there is
 * still one copy of react-router in the process.
 */
import { register } from "node:module";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
if (process.env.NODE_ENV === "production") register("./production-builds-hooks.mjs", import.meta.url);
