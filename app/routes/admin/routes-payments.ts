import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Fees and payments, inside /admin (paths relative to /admin). Static paths outrank settings/:tab?. */
export const paymentAdminRoutes: RouteConfigEntry[] = [
  route("settings/fees", "routes/admin/settings-fees.tsx"),
  route("settings/ussd", "routes/admin/settings-ussd.tsx"),
  route("registrations/:id", "routes/admin/registration-detail.tsx"),
  route("payments", "routes/admin/payments.tsx"),
  route("payments/reconciliation", "routes/admin/payments-reconciliation.tsx"),
  route("messages", "routes/admin/messages.tsx"),
  route("messages/weekly-progress", "routes/admin/weekly-progress.tsx"),
  route("messages/reports", "routes/admin/reports.tsx"),
];
/** Outside the admin layout (receipt PDFs: admins and the ward's parent). */
export const paymentStandaloneRoutes: RouteConfigEntry[] = [
  route("payments/:paymentId/receipt.pdf", "routes/resources/payment-receipt.ts"),
  route("admin/payments/export", "routes/admin/payments-export.csv.ts"),
];
