import { ImageUrlError, type ImageErrorCode } from '#core/image/types.ts';

export type ImageProxyErrorCode =
  | ImageErrorCode
  | 'size_too_large'
  | 'bad_signature'
  | 'host_not_allowed'
  | 'unsupported_source_scheme'
  | 'source_outside_media'
  | 'source_not_found'
  | 'unsupported_source'
  | 'source_too_large'
  | 'source_unreadable'
  | 'source_fetch_failed'
  | 'busy'
  | 'too_many_variants'
  | 'timeout'
  | 'client_closed';

const STATUS: Record<ImageProxyErrorCode, number> = {
  invalid_url: 400,
  unknown_option: 400,
  invalid_option: 400,
  unknown_format: 400,
  unknown_preset: 400,
  unknown_provider: 400,
  size_too_large: 400,
  unsupported_source_scheme: 400,
  source_outside_media: 400,
  bad_signature: 403,
  host_not_allowed: 403,
  source_not_found: 404,
  unsupported_source: 415,
  source_too_large: 422,
  source_unreadable: 422,
  source_fetch_failed: 502,
  too_many_variants: 429,
  busy: 503,
  timeout: 503,
  // nginx's code for "the client went away"; nobody receives it, it only keeps the logs honest.
  client_closed: 499,
};

/** An expected failure with its HTTP status; anything else reaching the handler is a bug (500). */
export class ImageProxyError extends Error {
  override name = 'ImageProxyError';
  readonly code: ImageProxyErrorCode;
  readonly statusCode: number;
  /** For 429 and 503: when to ask again (`Retry-After`, seconds). */
  readonly retryAfterS: number | undefined;
  constructor(code: ImageProxyErrorCode, message: string, options?: ErrorOptions & { retryAfterS?: number }) {
    super(message, options);
    this.code = code;
    this.statusCode = STATUS[code];
    this.retryAfterS = options?.retryAfterS;
  }

  static from(error: unknown): ImageProxyError | undefined {
    if (error instanceof ImageProxyError) return error;
    if (error instanceof ImageUrlError) return new ImageProxyError(error.code, error.message, { cause: error });
    return undefined;
  }
}

/** The body of every error answer: the project's `{detail}` shape plus a stable machine-readable code. */
export type ImageErrorBody = { detail: string; code: ImageProxyErrorCode | 'internal_error' };
