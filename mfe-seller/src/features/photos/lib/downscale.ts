/** The longest side a photo is sent with: plenty for the 1,600 px the server keeps. */
export const MAX_EDGE = 2000;

/**
 * A camera photo scaled down in the browser (longest side MAX_EDGE) and written as JPEG, so a 12 MB photo
 * does not cross a mobile network whole. Drawn upright by its EXIF orientation; the canvas keeps no
 * metadata. A photo already small enough, or one this browser cannot decode (HEIC outside Safari),
 * is sent as it is: the server reads it either way.
 */
export async function downscale(file: File): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = MAX_EDGE / Math.max(bitmap.width, bitmap.height);
    if (scale >= 1) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    return blob ?? file;
  } finally {
    bitmap.close();
  }
}
