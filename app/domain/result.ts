/**
 * The one result of a service (docs/decisions/0122-one-service-result.md): done, with what the caller needs, or
 * refused with an HTTP status, the form field it concerns when one does, and a message a person reads. An expected
 * refusal is returned, never thrown; a service sees neither the request, its form data, Conform nor React Router.
 * `replyToRefusal` (app/utils/refusal-reply.server.ts) turns a refusal into the form's reply.
 */
/** 502: an outside service (a gateway) refused or could not be reached, and nothing was done. */
export type RefusalStatus = 400 | 403 | 404 | 409 | 413 | 429 | 502;

export type Refused<Field extends string = string> = {
  ok: false;
  status: RefusalStatus;
  field?: Field;
  message: string;
  /** Several fields at once, when one check finds more than one (a vacation's dates); `field` is the first. */
  fields?: Partial<Record<Field, string>>;
};

export type Result<T extends object = object, Field extends string = string> = ({ ok: true } & T) | Refused<Field>;

export function refuse<Field extends string>(status: RefusalStatus, message: string, field?: Field): Refused<Field> {
  return field ? { ok: false, status, field, message } : { ok: false, status, message };
}

/** A refusal of several fields at once (at least one): each under its own, the first as `field` and `message`. */
export function refuseFields<Field extends string>(
  status: RefusalStatus,
  fields: Partial<Record<Field, string>>,
): Refused<Field> {
  const [field, message] = Object.entries(fields)[0] as [Field, string];
  return { ok: false, status, field, message, fields };
}
