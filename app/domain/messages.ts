/**
 * Exact UI strings from spec §8 (and §2/§6) used in more than one place.
 * Client-safe: pages, schemas and server code import them from here.
 */
export const ACCESS_RESTRICTED_TITLE = "Access Restricted";
export const ACCESS_RESTRICTED_MESSAGE = "You don't have permission to access this section of the admin portal.";
export const INVALID_CREDENTIALS = "Invalid phone number or password";
