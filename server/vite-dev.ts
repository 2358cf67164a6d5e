/**
 * Development: Vite in front of the app instead of the built assets, inside the same Express app as production
 * (server/app.ts), as React Router's `node-custom-server` template does. Vite answers its own paths (source modules,
 * `/@vite/client`, public/), and hot reload's WebSocket shares the app's HTTP server (the page's
 * `connect-src 'self'` allows it). The app build is loaded through Vite's SSR module runner on each request, so an
 * edit shows on the next one.
 */
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { createServer, isRunnableDevEnvironment, type ViteDevServer } from "vite";

export type DevAssets = { vite: ViteDevServer; loadBuild(): Promise<ServerBuild> };

export async function startVite(server: Server): Promise<DevAssets> {
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" });
  const ssr = vite.environments.ssr;
  if (!isRunnableDevEnvironment(ssr)) throw new Error("Vite's SSR environment cannot run modules in this process.");
  return {
    vite,
    loadBuild: () => ssr.runner.import<ServerBuild>("virtual:react-router/server-build"),
  };
}
