/** A file's size as the pages show it: "2.4 MB", "36 KB", "512 bytes". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The largest image the portal opens, in pixels (80 megapixels: a phone's photo is 12 to 50). */
export const MAX_IMAGE_PIXELS = 80_000_000;
/** Said by the file when an image has more pixels than that. */
export const TOO_MANY_PIXELS = "This image is too large to open (over 80 megapixels): send a smaller photo, or a PDF.";
