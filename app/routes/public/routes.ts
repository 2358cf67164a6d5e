import { type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";

/** Public site: header and footer around every page. */
export const publicRoutes: RouteConfigEntry[] = [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("registration", "routes/public/registration.tsx"),
    route("registration/:reference", "routes/public/registration-confirmation.tsx"),
    route("enrol-again/:registrationId", "routes/public/enrol-again.tsx"),
    route("privacy-policy", "routes/public/privacy-policy.tsx"),
    route("terms-of-service", "routes/public/terms-of-service.tsx"),
    route("payment-success", "routes/public/payment-success.tsx"),
    route("test-gateway", "routes/public/test-gateway-prompts.tsx"),
    route("test-gateway/:reference", "routes/public/test-gateway.tsx"),
    route("offline", "routes/public/offline.tsx"),
    route("bad-request", "routes/public/bad-request.tsx"),
  ]),
];
