import { type RouteConfigEntry, route, prefix } from "@react-router/dev/routes";

/** Sign-in, sign-up, sign-out, impersonation, password reset. */
export const authRoutes: RouteConfigEntry[] = [
  route("portal", "routes/auth/portal.tsx"),
  route("auth", "routes/auth/auth.tsx"),
  route("sign-out", "routes/auth/sign-out.ts"),
  ...prefix("impersonation", [
    route("start", "routes/auth/impersonation-start.ts"),
    route("stop", "routes/auth/impersonation-stop.ts"),
  ]),
  // Admin-issued one-time reset links. User Management links each
  // non-admin row to /admin/users/{id}/reset-link.
  route("admin/users/:userId/reset-link", "routes/auth/reset-link.tsx"),
  route("reset-password/:token", "routes/auth/reset-password.tsx"),
  // Self-service: a code sent by SMS to the account's phone (docs/decisions/0078).
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("forgot-password/code", "routes/auth/forgot-password-code.tsx"),
  // An admin's second step when two-factor is on.
  route("sign-in/code", "routes/auth/sign-in-code.tsx"),
];
