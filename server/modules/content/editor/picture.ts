/** A picture as a form edits it (`imageRef`): its path, intrinsic size, and its number in the media library. */
export type PictureValue = { src: string; width: number; height: number; mediaId?: number };

/** A row's picture columns as the form's value (the library's number only when the row names one). */
export function pictureValue(src: unknown, width: unknown, height: unknown, mediaId: unknown): PictureValue {
  return { src: String(src), width: Number(width), height: Number(height), ...(typeof mediaId === 'number' ? { mediaId } : {}) };
}

/** The library's number of a checked picture value (resolved before the write: server/modules/content/editor/library.ts). */
export const mediaIdOf = (picture: unknown): number | null => (picture as PictureValue | null)?.mediaId ?? null;
