/**
 * Images made small and safe with sharp (libvips): turned upright by their EXIF orientation, downscaled so the longest
 * side is at most 1,600 px, and written with no metadata at all (no EXIF, no GPS location, no camera details, no
 * "Artist": these are teachers' and minors' photos). sharp keeps no metadata unless asked, and its decoder refuses a
 * broken file or one of more than 80 megapixels. Handed-in work becomes JPEG
 * (docs/decisions/0108-work-handed-in-and-marked.md); every other image the portal accepts (lesson materials,
 * assignment files, timetables) keeps its format (`cleanImage`, called by app/utils/uploads.server.ts).
 */
import sharp from "sharp";
import { MAX_IMAGE_PIXELS } from "#app/domain/files.ts";
import { PHOTO_LONGEST_SIDE } from "#app/domain/work.ts";

// No cache of decoded images between requests, and one libvips thread per photo: two cores serve the site too.
sharp.cache(false);
sharp.concurrency(1);

export type Photo = { bytes: Buffer; width: number; height: number };

/** The photo as it is kept, or null when its bytes are not an image sharp can read. */
export async function downscalePhoto(bytes: Uint8Array): Promise<Photo | null> {
  try {
    const { data, info } = await sharp(bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: PHOTO_LONGEST_SIDE, height: PHOTO_LONGEST_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** Whether the image's header says it has more pixels than the portal opens (read without decoding it). */
export async function tooManyPixels(bytes: Uint8Array): Promise<boolean> {
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  return Boolean(meta?.width && meta.height && meta.width * meta.height > MAX_IMAGE_PIXELS);
}

/** A JPEG or PNG as the portal keeps it, in its own format; null when its bytes are not an image sharp can read. */
export async function cleanImage(bytes: Uint8Array, format: "jpg" | "png"): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: PHOTO_LONGEST_SIDE, height: PHOTO_LONGEST_SIDE, fit: "inside", withoutEnlargement: true });
    return await (
      format === "png" ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 82, mozjpeg: true })
    ).toBuffer();
  } catch {
    return null;
  }
}
