import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Routes without UI shared by all areas. Area-specific downloads live with their area. */
export const resourceRoutes: RouteConfigEntry[] = [
  route("healthz", "routes/resources/healthz.ts"),
  route("callbacks/:provider/sms-delivery/:secret", "routes/resources/sms-delivery.ts"),
  route("webhooks/payments/:gateway", "routes/resources/payment-webhook.ts"),
  route("ussd/:aggregator/:secret", "routes/resources/ussd.ts"),
  route("callbacks/:aggregator/sms-inbound/:secret", "routes/resources/sms-inbound.ts"),
  route("reports/:token", "routes/resources/report-link.ts"),
  route("wards/:id/report.pdf", "routes/resources/ward-report.ts"),
];
