/**
 * Document ids are cuid2 strings (app/models/ids.server.ts makes them). Anything else in a URL or a form field is
 * not an id of ours: refuse it before it reaches a query.
 */
export const ID_PATTERN = /^[a-z0-9]{10,40}$/;
