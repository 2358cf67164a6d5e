/** The outbox's vocabulary (app/models/outbox.server.ts), shared by its model, its admin page and its form. */
export const MESSAGE_CHANNELS = ["sms", "email"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = { sms: "SMS", email: "E-mail" };

export const MESSAGE_STATES = ["queued", "sending", "sent", "delivered", "failed"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
};

export const MESSAGE_RETRIED = "Message queued again";
