import os from "node:os";
import path from "node:path";

/** Where the e2e app and its database listen, and the secret both sides share. */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 3100),
  dbPort: Number(process.env.E2E_DB_PORT ?? 27118),
  sessionSecret: "e2e-session-secret-not-for-production",
  smsCallbackSecret: "e2e-sms-callback-secret",
  /** The demo data's USSD and inbound-SMS callback secret (app/models/settings.server.ts). */
  ussdCallbackSecret: "demo-callback-secret",
  get baseURL() {
    return `http://localhost:${this.port}`;
  },
  get mongodbUri() {
    return `mongodb://127.0.0.1:${this.dbPort}/vacation_classes_e2e`;
  },
  get uploadsDir() {
    return path.join(os.tmpdir(), `vcp-e2e-uploads-${this.port}`);
  },
};
