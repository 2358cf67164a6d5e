/**
 * Exact UI strings from spec §8 (and §2/§6) used in more than one place.
 * Client-safe: pages, schemas and server code import them from here.
 */
export const ACCESS_RESTRICTED_TITLE = "Access Restricted";
export const ACCESS_RESTRICTED_MESSAGE = "You don't have permission to access this section of the admin portal.";
export const INVALID_CREDENTIALS = "Invalid phone number or password";

// Registrations (admin): spec §2, §8.
export const REGISTRATION_DELETED = "Registration deleted successfully";
export const REGISTRATION_DELETE_FAILED = "Failed to delete registration";
export const ALL_REGISTRATIONS_DELETED = "All registrations deleted successfully";
export const ALL_REGISTRATIONS_DELETE_FAILED = "Failed to delete all registrations";
export const NO_REGISTRATIONS_MATCHING = "No registrations found matching your criteria";
export const NO_REGISTRATIONS = "No registrations found.";
export const EXPORT_COMPLETE = "Export Complete";
export const CSV_DOWNLOADED = "CSV file downloaded successfully";
export const NO_DATA_TITLE = "No Data";
export const noDataForProgramme = (programme: string) => `No registrations found for ${programme} programme`;
export const ADMIN_REGISTRATION_DENIED = "Access Denied: Only admins can register students on behalf of parents.";
export const ADMIN_REGISTRATION_SUCCESS_TITLE = "Registration Successful!";
export const ADMIN_REGISTRATION_SUCCESS_DESCRIPTION = "Student registered successfully. Payment can be processed later.";
export const REGISTRATION_FAILED = "Registration Failed";
