/**
 * Exact UI strings from docs/product.md#messages (and #screens, #roles-and-permissions) used in more than one place.
 * Client-safe: pages, schemas and server code import them from here. The form kit's own strings are in
 * form-messages.ts, so that a public form's first visit does not load this whole list.
 */
export const ACCESS_RESTRICTED_TITLE = "Access Restricted";
export const ACCESS_RESTRICTED_MESSAGE = "You don't have permission to access this section of the admin portal.";
export const INVALID_CREDENTIALS = "Invalid phone number or password";
export const ACCOUNT_PENDING =
  "Your facilitator account is waiting for the school's approval. You can sign in once the office has approved it.";
/** The spec's sign-up success, the title of every sign-up's message; the line after it says what happens next. */
export const ACCOUNT_CREATED = "Account created successfully!";
export const FACILITATOR_SIGNED_UP =
  "The school's office approves facilitator accounts: you can sign in once yours is approved.";
export const ACCOUNT_DISABLED = "This account is turned off. Ask the school's office to turn it on again.";
export const PASSWORD_UPDATED = "Password updated";

// Registrations (admin): docs/product.md#screens, #messages.
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
export const ADMIN_REGISTRATION_SUCCESS_DESCRIPTION =
  "Student registered successfully. Payment can be processed later.";

// Admin management sections: docs/product.md#screens, #messages.
export const FAILED_FETCH_USERS = "Failed to fetch users";
export const NO_USERS_MATCHING = "No users found matching your criteria";
export const WHATSAPP_GROUP_ADDED = "WhatsApp group added successfully";
export const WHATSAPP_GROUP_UPDATED = "WhatsApp group updated successfully";
export const WHATSAPP_GROUP_DELETED = "WhatsApp group deleted successfully";
export const WHATSAPP_GROUP_ADD_FAILED = "Failed to add WhatsApp group";
export const WHATSAPP_GROUP_UPDATE_FAILED = "Failed to update WhatsApp group";
export const WHATSAPP_GROUP_DELETE_FAILED = "Failed to delete WhatsApp group";
export const WHATSAPP_GROUPS_FETCH_FAILED = "Failed to fetch WhatsApp groups";
export const SUBJECT_CREATED = "Subject created successfully";
export const SUBJECT_UPDATED = "Subject updated successfully";
export const SUBJECT_DELETED = "Subject deleted successfully";
export const SUBJECT_SAVE_FAILED = "Failed to save subject";
export const SUBJECT_DELETE_FAILED = "Failed to delete subject";
export const SUBJECTS_FETCH_FAILED = "Failed to fetch subjects";
export const SUBJECT_DELETE_CONFIRM = "Are you sure you want to delete this subject?";
export const MESSAGE_SENT = "Message sent successfully";
export const MESSAGE_SEND_FAILED = "Failed to send message";
export const COMMUNICATIONS_FETCH_FAILED = "Failed to fetch communications";
export const SETTINGS_SAVED = "Settings Saved";
export const TIMETABLE_ACCESS_RESTRICTED =
  "Access Restricted: Only administrators can upload or manage timetables. Please contact an admin if you need assistance.";
export const TIMETABLE_UPLOADED = "Timetable uploaded successfully";
export const TIMETABLE_DELETED = "Timetable deleted";
export const ALL_TIMETABLES_UPLOADED = "All timetables uploaded successfully";
export const UPLOAD_FAILED = "Upload failed";
export const INVALID_FILE_TYPE_TITLE = "Invalid file type";
export const INVALID_FILE_TYPE_MESSAGE = "Please upload JPG, PNG, or PDF files only";
export const FILE_TOO_LARGE_TITLE = "File too large";
export const FILE_TOO_LARGE_MESSAGE = "Please upload files smaller than 5MB";

// Student portal and WhatsApp pages: docs/product.md#screens, #behaviour, #messages.
export const NO_GROUPS_FOR_SUBJECTS = "No WhatsApp groups available yet for your subjects";
export const AUTO_OPEN_BLOCKED = "Could not automatically open WhatsApp groups";
export const GROUPS_BEING_SET_UP = "WhatsApp groups being set up";
export const WHATSAPP_LOGIN_REQUIRED = "Please log in to access WhatsApp groups.";
export const WHATSAPP_LOAD_FAILED = "Failed to load WhatsApp groups. Please try again later.";
export const PARENT_PAGE_LOAD_FAILED = "Failed to load WhatsApp groups";
export const NO_PARENT_GROUPS = "No parent WhatsApp groups available at the moment. Please check back later.";
export const LINK_AVAILABLE_SOON = "This group link will be available soon";
export const LINK_NOT_AVAILABLE = "WhatsApp group link is not yet available for this subject.";
export const NO_SCHEDULE = "No Schedule Available";
export const DOWNLOAD_STARTED = "Download Started";
export const DOWNLOAD_COMPLETE = "Download Complete";
export const openingParentsGroup = (programme: string) => `Opening ${programme} Parents WhatsApp group`;

export const SUBMISSION_IN_PROGRESS =
  "This form is still being sent. Please wait a moment, then press the button again.";

/** A field whose bytes were not UTF-8 (app/forms/parse.ts). */
export const UNREADABLE_TEXT = "Some characters in this field could not be read. Please type it again.";

/** A second class page for a programme's subject (one per programme and subject). */
export const classPageExists = (programme: string, subject: string) =>
  `${programme} already has a class page for ${subject}. Edit that one instead.`;
