import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ImageSigner } from '#core/image/url.ts';

export type SigningKeys = { key: string; salt: string };

/**
 * imgproxy's scheme: unpadded base64url of HMAC-SHA256(key, salt + path), key and salt given as hex.
 * Server-only: the key must never reach the browser bundle.
 */
export function createImageSigner({ key, salt }: SigningKeys): ImageSigner {
  const keyBytes = hexBytes(key, 'IMGPROXY_KEY');
  const saltBytes = hexBytes(salt, 'IMGPROXY_SALT');
  return (path) => createHmac('sha256', keyBytes).update(saltBytes).update(path).digest('base64url');
}

/** Compares in constant time, so response timing does not leak how much of a forged signature was right. */
export function isValidSignature(signer: ImageSigner, signature: string, signedPath: string): boolean {
  const expected = Buffer.from(signer(signedPath));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function hexBytes(value: string, name: string): Buffer {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(value)) throw new Error(`${name} must be a non-empty, even-length hex string.`);
  return Buffer.from(value, 'hex');
}
