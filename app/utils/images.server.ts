/**
 * Photos of handed-in work, made small and safe (docs/decisions/0108-work-handed-in-and-marked.md) with sharp (libvips):
 * turned upright by their EXIF orientation, downscaled so the longest side is at most 1,600 px, and written as JPEG
 * with no metadata at all (no EXIF, no GPS location, no camera details: these are minors' photos). sharp keeps no
 * metadata unless asked, and its decoder refuses a broken file or one of more than 80 megapixels.
 */
import sharp from "sharp";
import { PHOTO_LONGEST_SIDE } from "#app/domain/work.ts";

// No cache of decoded images between requests, and one libvips thread per photo: two cores serve the site too.
sharp.cache(false);
sharp.concurrency(1);

export type Photo = { bytes: Buffer; width: number; height: number };

/** The photo as it is kept, or null when its bytes are not an image sharp can read. */
export async function downscalePhoto(bytes: Uint8Array): Promise<Photo | null> {
  try {
    const { data, info } = await sharp(bytes, { failOn: "error", limitInputPixels: 80_000_000 })
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
