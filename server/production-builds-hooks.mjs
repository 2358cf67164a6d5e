// Module resolution hook registered by server/production-builds.ts: react-router's development files → its
// production files (same version, same file names).
import fs from "node:fs";

const DEVELOPMENT = "/node_modules/react-router/dist/development/";
const PRODUCTION = "/node_modules/react-router/dist/production/";

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (result.url.includes(DEVELOPMENT)) {
    const url = result.url.replace(DEVELOPMENT, PRODUCTION);
    if (fs.existsSync(new URL(url))) return { ...result, url };
  }
  return result;
}
