import { type RouteConfigEntry, index, layout } from "@react-router/dev/routes";

/** Public site: header and footer around every page (issue 5; /whatsapp pages: issue 6). */
export const publicRoutes: RouteConfigEntry[] = [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
  ]),
];
