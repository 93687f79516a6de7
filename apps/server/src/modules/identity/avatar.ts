import { AVATAR_FULL_SIZE, AVATAR_SMALL_SIZE } from '@paws/contracts/profile';
import sharp, { type Sharp } from 'sharp';

export type ImageType = 'jpeg' | 'png';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** The image type by its first bytes, whatever the file name or declared type say. */
export function sniffImageType(data: Buffer): ImageType | undefined {
  const startsWith = (signature: number[]) => signature.every((byte, i) => data[i] === byte);
  if (startsWith(JPEG_SIGNATURE)) return 'jpeg';
  if (startsWith(PNG_SIGNATURE)) return 'png';
  return undefined;
}

// About 50 megapixels: bigger than any photo a phone takes, small enough to refuse decompression bombs.
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The full image (longest side at most 1024 px) and the small square one (128 px), in the upload's own
 * format, turned upright by its EXIF orientation and stripped of metadata. Throws on an undecodable image.
 */
export async function renderAvatar(data: Buffer, type: ImageType) {
  const input = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  const encode = (image: Sharp) =>
    type === 'jpeg' ? image.jpeg({ quality: 85, mozjpeg: true }) : image.png({ compressionLevel: 9 });
  const [full, small] = await Promise.all([
    encode(
      input().resize(AVATAR_FULL_SIZE, AVATAR_FULL_SIZE, { fit: 'inside', withoutEnlargement: true }),
    ).toBuffer(),
    encode(input().resize(AVATAR_SMALL_SIZE, AVATAR_SMALL_SIZE, { fit: 'cover' })).toBuffer(),
  ]);
  return { full, small, extension: type === 'jpeg' ? 'jpg' : 'png' };
}
