import { Schema } from "mongoose";
import { idField } from "#app/models/ids.server.ts";
import { defineModel } from "#app/models/infra/define-model.server.ts";

/**
 * What the phone channel (USSD and SMS keywords, app/services/messaging/phone-channel.server.ts) keeps for the office's view:
 * recent sessions and inbound messages, with the caller's number masked as it is stored. No content of a reply is
 * kept here (an SMS reply is in the outbox, like every message).
 */
const ussdSessionSchema = new Schema(
  {
    /** The aggregator's session id. */
    _id: { type: String, required: true, maxlength: 100 },
    phoneMasked: { type: String, required: true, maxlength: 30 },
    serviceCode: { type: String, default: "", maxlength: 30 },
    /** The choices so far, as the aggregator sent them ("1*2"), and how many screens were shown. */
    text: { type: String, default: "", maxlength: 100 },
    screens: { type: Number, default: 0 },
    /** What the last screen was: menu, status, fees, links, contact, unknown-caller, busy, limited, not-on-menu. */
    last: { type: String, default: "", maxlength: 30 },
    /** The session began with the language question: its path's first choice is the answer. */
    languageAsked: { type: Boolean, default: false },
  },
  { timestamps: true, collection: "ussd_sessions" },
);
ussdSessionSchema.index({ updatedAt: -1 });

export type UssdSessionDoc = {
  _id: string;
  phoneMasked: string;
  serviceCode: string;
  text: string;
  screens: number;
  last: string;
  createdAt: Date;
  updatedAt: Date;
};
export const UssdSession = defineModel<UssdSessionDoc>("UssdSession", ussdSessionSchema);

const inboundSmsSchema = new Schema(
  {
    _id: idField,
    /** The aggregator's message id: a callback delivered twice is recorded (and answered) once. */
    providerId: { type: String, required: true, maxlength: 100 },
    fromMasked: { type: String, required: true, maxlength: 30 },
    keyword: { type: String, required: true, maxlength: 20 },
    /** Whether a reply was queued (false: over the number's limit). */
    replied: { type: Boolean, default: true },
  },
  { timestamps: true, collection: "inbound_sms" },
);
inboundSmsSchema.index({ providerId: 1 }, { unique: true });
inboundSmsSchema.index({ createdAt: -1 });

export type InboundSmsDoc = {
  _id: string;
  providerId: string;
  fromMasked: string;
  keyword: string;
  replied: boolean;
  createdAt: Date;
};
export const InboundSms = defineModel<InboundSmsDoc>("InboundSms", inboundSmsSchema);
