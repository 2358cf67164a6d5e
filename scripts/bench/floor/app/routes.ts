import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [index("routes/page.tsx"), route("resource", "routes/resource.ts")] satisfies RouteConfig;
