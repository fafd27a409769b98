import { access as fileAccess } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEDIA_KINDS, mediaDetails, mediaQuery, type MediaItem, type MediaRecord } from '#core/admin/media.ts';
import { ADMIN_CONTENT_MESSAGES, fill } from '#core/admin/messages.ts';
import { adminLocaleFromCookie, type AdminLocale } from '#core/admin/roles.ts';
import ruMedia from '#core/i18n/catalogs/admin/media-ru.ts';
import enMedia from '#core/i18n/catalogs/admin/media-en.ts';
import { buildImageUrl } from '#core/image/url.ts';
import { formatMessage } from '#core/i18n/message-format.ts';
import { storeUpload, UPLOAD_MAX_BYTES, UPLOAD_TYPES, type UploadType } from './media.ts';
import { FileGone, type NewFile } from './library.ts';
import type { Actor } from './audit.ts';
import { validate } from './messages.ts';
import { createImageSigner, toImageProxyOptions } from '../../images/index.ts';
import { apiError } from '../../../http/api/schemas.ts';
import { requireStaff, type StaffApiOptions } from '../../../http/api/guard.ts';

const MEDIA_WORDS = { ru: ruMedia, en: enMedia } as const;

const access = {
  actor: (request: FastifyRequest): Actor => ({ id: request.staff!.id, email: request.staff!.email }),
  locale: (request: FastifyRequest): AdminLocale => adminLocaleFromCookie(request.headers.cookie),
};

const localized = z.object({ ru: z.string(), en: z.string(), zh: z.string() });
const mediaItem = z.object({
  id: z.number().int(),
  kind: z.enum(MEDIA_KINDS),
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  type: z.string().nullable(),
  bytes: z.number().int().nullable(),
  fileName: z.string(),
  alt: localized,
  focus: z.object({ x: z.number(), y: z.number() }).nullable(),
  crop: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
  version: z.number().int(),
  updatedAt: z.string().describe('The version a change names (`stamp`): a later change of the picture makes it a 409.'),
  thumbnail: z.string().describe("A small version's URL, for the screens."),
});
const mediaUse = z.object({ kind: z.string(), id: z.string(), title: z.string(), field: z.string(), href: z.string() });
const inUse = apiError.extend({ uses: z.array(mediaUse) });
const idParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647).describe("The picture's number in the library."),
});
const fileQuery = z.object({
  name: z.string().trim().min(1).max(200).optional().describe('The name of the file as the editor chose it (searchable).'),
  kind: z.enum(MEDIA_KINDS).optional().describe('What the picture is (`photo` when not said).'),
});

/**
 * The media library's API (issue #42, ADR 041), under `/api/admin/media/`: the pictures found by file name or alt text
 * and by kind (`{count, next, previous, results}`), one picture with the items using it, an upload (a new picture), a
 * change of its description and look, a new file for it (every use follows), and its deletion, refused (409, naming
 * the uses) while an item uses it. A file comes as the request body itself (`Content-Type: image/jpeg|png|webp`): its
 * type and declared size are judged before a byte is read (415, 413), its bytes by decoding them, a full disk is a 507
 * leaving nothing behind. Editors and administrators only; hidden from the public OpenAPI document.
 */
export default async function mediaApi(base: FastifyInstance, opts: StaffApiOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const library = opts.services.mediaLibrary;
  const { mediaDir } = toImageProxyOptions(opts.config);
  const sign =
    opts.config.IMGPROXY_KEY && opts.config.IMGPROXY_SALT ? createImageSigner({ key: opts.config.IMGPROXY_KEY, salt: opts.config.IMGPROXY_SALT }) : null;
  /** A small version of a picture for the screens, through the image proxy (signed: browsers cannot sign). */
  const withThumbnail = (record: MediaRecord): MediaItem => ({
    ...record,
    thumbnail: buildImageUrl(record.src, { width: 480, fit: 'fit', format: 'webp' }, sign ? { sign } : {}),
  });
  const tags = ['Back office: media library'];
  const editorsOnly: onRequestAsyncHookHandler = requireStaff(opts.staff, 'content');
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const mb = UPLOAD_MAX_BYTES / 1024 / 1024;
  const notFound = (reply: FastifyReply, locale: AdminLocale) => noStore(reply).code(404).send({ detail: MEDIA_WORDS[locale].errors.notFound });
  /** After a committed replacement or deletion: the files nothing names any more leave the media store (never failing the answer). */
  const discard = async (request: FastifyRequest, files: readonly string[] | undefined) => {
    if (!files?.length) return;
    const { removed } = await library.discardFiles(files, mediaDir, opts.services.mediaFs, (details, message) => request.log.warn(details, message));
    if (removed.length) request.log.info({ removed }, 'media files removed from the store');
  };

  app.get(
    '/media/',
    {
      onRequest: editorsOnly,
      schema: {
        hide: true,
        summary: 'The media library: pictures by words and kind, newest first',
        tags,
        querystring: mediaQuery,
        response: { 200: z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(mediaItem) }) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { count, results } = await library.list(query);
      const page = (offset: number) => {
        const params = new URLSearchParams({
          ...(query.q ? { q: query.q } : {}),
          ...(query.kind ? { kind: query.kind } : {}),
          limit: String(query.limit),
          offset: String(offset),
        });
        return `/api/admin/media/?${params.toString()}`;
      };
      return noStore(reply).send({
        count,
        next: query.offset + query.limit < count ? page(query.offset + query.limit) : null,
        previous: query.offset > 0 ? page(Math.max(0, query.offset - query.limit)) : null,
        results: results.map(withThumbnail),
      });
    },
  );

  app.get(
    '/media/:id/',
    {
      onRequest: editorsOnly,
      schema: {
        hide: true,
        summary: 'One picture and the items using it',
        tags,
        params: idParams,
        response: { 200: mediaItem.extend({ uses: z.array(mediaUse) }), 404: apiError },
      },
    },
    async (request, reply) => {
      const locale = access.locale(request);
      const found = await library.get(request.params.id);
      if (!found) return notFound(reply, locale);
      return noStore(reply).send({ ...withThumbnail(found), uses: await library.uses(found.id, locale) });
    },
  );

  app.put(
    '/media/:id/',
    {
      onRequest: editorsOnly,
      attachValidation: true,
      schema: {
        hide: true,
        summary: "Change a picture's kind, name, alt text, crop or focus point",
        description:
          'Saved only if the picture is still at `stamp` (its `updatedAt` as loaded); otherwise 409, nothing written. Every item using it shows the change.',
        tags,
        params: idParams,
        body: mediaDetails.extend({ stamp: z.string().min(1).max(64) }),
        response: { 200: mediaItem, 400: apiError, 404: apiError, 409: apiError },
      },
    },
    async (request, reply) => {
      const locale = access.locale(request);
      const words = MEDIA_WORDS[locale].errors;
      const id = Number((request.params as { id: unknown }).id);
      if (!Number.isSafeInteger(id) || id < 1) return notFound(reply, locale);
      const { stamp, ...rest } = (request.body ?? {}) as { stamp?: unknown } & Record<string, unknown>;
      const checked = validate(mediaDetails, rest, locale);
      if (!checked.ok || typeof stamp !== 'string')
        return noStore(reply)
          .code(400)
          .send({
            detail: fill(words.invalid, { fields: Object.keys(checked.ok ? { stamp: 1 } : checked.errors).join(', ') }),
            errors: checked.ok ? { stamp: [words.changed] } : checked.errors,
          });
      const result = await library.update(id, stamp, mediaDetails.parse(rest), access.actor(request));
      if (result.ok) return noStore(reply).send(withThumbnail(result.value));
      if (result.status === 404) return notFound(reply, locale);
      return noStore(reply).code(409).send({ detail: words.changed });
    },
  );

  app.delete(
    '/media/:id/',
    {
      onRequest: editorsOnly,
      schema: {
        hide: true,
        summary: 'Delete a picture no item uses',
        description: 'Refused with 409 and the items using it while any does.',
        tags,
        params: idParams,
        response: { 200: mediaItem, 404: apiError, 409: inUse },
      },
    },
    async (request, reply) => {
      const locale = access.locale(request);
      const result = await library.remove(request.params.id, access.actor(request), locale);
      if (result.ok) {
        await discard(request, result.files);
        return noStore(reply).send(withThumbnail(result.value));
      }
      if (result.status === 404) return notFound(reply, locale);
      const uses = result.uses ?? [];
      return noStore(reply)
        .code(409)
        .send({ detail: formatMessage(MEDIA_WORDS[locale].errors.inUse, { count: uses.length }, locale), uses });
    },
  );

  // The files: an upload (a new picture) and a replacement (a new file for a picture), judged alike.
  await app.register(async (files) => {
    for (const type of Object.keys(UPLOAD_TYPES))
      files.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_req, body, done) => done(null, body));
    const refuse = (reply: FastifyReply, status: 400 | 413 | 415 | 507, message: string) =>
      noStore(reply)
        .code(status)
        .send({ detail: message, errors: { file: [message] } });
    /** After the staff check (a visitor learns nothing of the route), before the body is read. */
    const judgeUpload: onRequestAsyncHookHandler = async (request, reply) => {
      const words = ADMIN_CONTENT_MESSAGES[access.locale(request)].errors;
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!(type in UPLOAD_TYPES)) return refuse(reply, 415, words.imageType);
      const length = Number(request.headers['content-length'] ?? NaN);
      if (Number.isFinite(length) && length > UPLOAD_MAX_BYTES) return refuse(reply.header('connection', 'close'), 413, fill(words.imageSize, { mb }));
    };
    const fileRoute = {
      onRequest: [editorsOnly, judgeUpload],
      errorHandler: (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
        // A body that outgrew the limit while arriving (no Content-Length): the same 413 naming the field.
        if ((error as { statusCode?: number }).statusCode === 413)
          return refuse(reply, 413, fill(ADMIN_CONTENT_MESSAGES[access.locale(request)].errors.imageSize, { mb }));
        throw error;
      },
    };
    /** The body stored in the media store, or the refusal sent. */
    async function store(request: FastifyRequest, reply: FastifyReply, name: string | undefined): Promise<NewFile | null> {
      const words = ADMIN_CONTENT_MESSAGES[access.locale(request)].errors;
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        await refuse(reply, 400, words.imageMissing);
        return null;
      }
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() as UploadType;
      const stored = await storeUpload(mediaDir, type, body, opts.services.mediaFs);
      if (stored === 'broken') {
        await refuse(reply, 400, words.imageBroken);
        return null;
      }
      if (stored === 'disk-full') {
        request.log.error({ mediaDir }, 'media store full: an upload was refused (507)');
        await refuse(reply, 507, words.diskFull);
        return null;
      }
      return { ...stored, type, bytes: body.length, fileName: name ?? stored.src.slice(stored.src.lastIndexOf('/') + 1) };
    }
    const present = (src: string) =>
      fileAccess(join(mediaDir, src)).then(
        () => true,
        () => false,
      );
    /**
     * The body stored, then `write` of its row; if the file was removed meanwhile (a picture of the same bytes deleted
     * at that moment, `FileGone`), stored once more and written again.
     */
    async function withStoredFile<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      name: string | undefined,
      write: (file: NewFile) => Promise<T>,
    ): Promise<T | null> {
      for (let attempt = 0; ; attempt++) {
        const file = await store(request, reply, name);
        if (!file) return null;
        try {
          return await write(file);
        } catch (error) {
          if (!(error instanceof FileGone) || attempt > 0) throw error;
        }
      }
    }
    const fileResponses = { 400: apiError, 413: apiError, 415: apiError, 507: apiError };

    files.withTypeProvider<ZodTypeProvider>().post(
      '/media/',
      {
        ...fileRoute,
        schema: {
          hide: true,
          summary: 'Upload a picture into the media library',
          description: `The picture as the body, \`Content-Type: image/jpeg\`, \`image/png\` or \`image/webp\`, at most ${mb} MB. Answers the new picture (its number, path and size, for an image field).`,
          tags,
          querystring: fileQuery,
          response: { 201: mediaItem, ...fileResponses },
        },
      },
      async (request, reply) => {
        const created = await withStoredFile(request, reply, request.query.name, (file) =>
          library.create(file, access.actor(request), request.query.kind, present),
        );
        if (!created) return reply;
        return noStore(reply).code(201).send(withThumbnail(created));
      },
    );

    files.withTypeProvider<ZodTypeProvider>().put(
      '/media/:id/file/',
      {
        ...fileRoute,
        schema: {
          hide: true,
          summary: "Replace a picture's file",
          description: `The new file as the body (as for an upload). The picture keeps its number, description and crop; every item using it shows the new file, under a new URL.`,
          tags,
          params: idParams,
          querystring: fileQuery.omit({ kind: true }),
          response: { 200: mediaItem, 404: apiError, ...fileResponses },
        },
      },
      async (request, reply) => {
        const locale = access.locale(request);
        if (!(await library.get(request.params.id))) return notFound(reply, locale);
        const done = await withStoredFile(request, reply, request.query.name, async (file) => ({
          file,
          result: await library.replace(request.params.id, file, access.actor(request), present),
        }));
        if (!done) return reply;
        const { file, result } = done;
        if (result.ok) {
          await discard(request, result.files);
          return noStore(reply).send(withThumbnail(result.value));
        }
        // Deleted meanwhile: the file just stored is nobody's.
        await discard(request, [file.src]);
        return notFound(reply, locale);
      },
    );
  });
}
