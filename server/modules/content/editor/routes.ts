import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formFields } from '#core/admin/form.ts';
import { CONTENT_KINDS, contentKind, ownKey, type ContentKindName } from '#core/admin/kinds.ts';
import { ADMIN_CONTENT_MESSAGES, fill } from '#core/admin/messages.ts';
import { adminLocaleFromCookie, type AdminLocale } from '#core/admin/roles.ts';
import type { Actor, SaveResult } from './service.ts';
import { apiError } from '../../../http/api/schemas.ts';
import { requireStaff, type StaffApiOptions } from '../../../http/api/guard.ts';
import { CHOICE_IDS_MAX, REFERENCE_SOURCES, SEARCH_SOURCES } from '#core/admin/fields.ts';
import { safeText } from '#core/schemas/text.ts';
import { CSV_KINDS, CSV_MAX_BYTES, CSV_MAX_ROWS, itemsToCsv, parseCsv } from '#core/admin/csv.ts';
import { formatMessage } from '#core/i18n/message-format.ts';

/** What a CSV import may come as: spreadsheet programs and systems name the same file differently. */
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain'];

/** The signed-in member (set by `requireStaff`) and the back office's language (its own cookie, ADR 025). */
const access = {
  actor: (request: FastifyRequest): Actor => ({ id: request.staff!.id, email: request.staff!.email }),
  locale: (request: FastifyRequest): AdminLocale => adminLocaleFromCookie(request.headers.cookie),
};

const versionField = z.string().min(1).max(64).describe('The version the editor loaded (from the item or the list); a save over another version is a 409.');
const item = z.object({ id: z.string(), values: z.record(z.string(), z.unknown()), version: z.string(), publicPath: z.string().nullable() });
const conflict = apiError.extend({ current: item.nullable() });
const draft = z.object({
  values: z.record(z.string(), z.unknown()),
  version: z.string(),
  baseVersion: z.string(),
  updatedAt: z.string(),
  staffEmail: z.string().nullable(),
});
const history = z.array(
  z.object({ id: z.string(), at: z.string(), staffEmail: z.string().nullable(), action: z.string(), before: z.unknown(), after: z.unknown() }),
);

/**
 * The back office's content API (ADR 026), under `/api/admin/content/`: for every kind of content of
 * core/admin/kinds/, a list, an item with its history, create, change (with the version it was loaded at), delete,
 * and revert of a recorded change (the media library's pictures: ./routes-media.ts). Each kind's
 * routes declare that kind's own schema; the checks' messages are in the editor's language. Editors and
 * administrators only (ADR 025's `content` area); hidden from the public OpenAPI document.
 */
export default async function contentApi(base: FastifyInstance, opts: StaffApiOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const editor = opts.services.contentEditor;
  const drafts = opts.services.contentDrafts;
  const tags = ['Back office: content'];
  const editorsOnly: onRequestAsyncHookHandler = requireStaff(opts.staff, 'content');
  const common = { onRequest: editorsOnly };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  function send(reply: FastifyReply, result: SaveResult, locale: AdminLocale, created = false) {
    const words = ADMIN_CONTENT_MESSAGES[locale];
    noStore(reply);
    if (result.ok) return reply.code(created ? 201 : 200).send(result.auditId ? { ...result.item, auditId: result.auditId } : result.item);
    if (result.status === 400)
      return reply.code(400).send({ detail: fill(words.edit.invalid, { fields: Object.keys(result.errors).join(', ') }), errors: result.errors });
    if (result.status === 404) return reply.code(404).send({ detail: words.errors.notFound });
    return reply.code(409).send({ detail: words.edit.conflict, current: result.current });
  }

  app.get(
    '/content/',
    {
      ...common,
      schema: {
        hide: true,
        summary: 'The kinds of content',
        tags,
        response: { 200: z.array(z.string()) },
      },
    },
    async (_request, reply) => noStore(reply).send([...CONTENT_KINDS]),
  );

  for (const name of CONTENT_KINDS) {
    const kind = contentKind(name)!;
    const path = `/content/${name}/`;
    const values = kind.schema.describe(`The fields of ${name} (core/admin/kinds.ts).`);
    const idParams = z.object({
      id: z
        .string()
        .regex(kind.key.pattern)
        .describe(ownKey(kind) ? `The item's ${kind.key.field}.` : "The item's number."),
    });

    app.get(
      path,
      {
        ...common,
        schema: {
          hide: true,
          summary: `${name}: the form's fields and every item`,
          tags,
          response: { 200: z.object({ fields: z.array(z.record(z.string(), z.unknown())), items: z.array(item.omit({ publicPath: true })) }) },
        },
      },
      async (_request, reply) => noStore(reply).send({ fields: formFields(kind.schema), items: await editor.list(name) }),
    );

    app.get(
      `${path}:id/`,
      {
        ...common,
        schema: {
          hide: true,
          summary: `${name}: one item and its history`,
          tags,
          params: idParams,
          response: { 200: item.extend({ history, draft: draft.nullable() }), 404: apiError },
        },
      },
      async (request, reply) => {
        const found = await editor.get(name, request.params.id);
        if (!found)
          return noStore(reply)
            .code(404)
            .send({ detail: ADMIN_CONTENT_MESSAGES[access.locale(request)].errors.notFound });
        const [changes, pending] = await Promise.all([editor.history(name, found.id), drafts.get(name, found.id)]);
        return noStore(reply).send({ ...found, history: changes, draft: pending });
      },
    );

    if (kind.creatable)
      app.post(
        path,
        {
          ...common,
          attachValidation: true,
          schema: {
            hide: true,
            summary: `${name}: create an item`,
            tags,
            body: z.object({ values }),
            response: { 201: item, 400: apiError },
          },
        },
        async (request, reply) => {
          const locale = access.locale(request);
          const body = request.body as { values?: unknown } | undefined;
          return send(reply, await editor.create(name, body?.values, access.actor(request), locale), locale, true);
        },
      );

    app.put(
      `${path}:id/`,
      {
        ...common,
        attachValidation: true,
        schema: {
          hide: true,
          summary: `${name}: change an item`,
          description: 'Saved only if the item is still at `version`; otherwise 409 with the current item, nothing written.',
          tags,
          params: idParams,
          body: z.object({ version: versionField, values }),
          response: { 200: item, 400: apiError, 404: apiError, 409: conflict },
        },
      },
      async (request, reply) => {
        const locale = access.locale(request);
        const body = (request.body ?? {}) as { version?: unknown; values?: unknown };
        if (typeof body.version !== 'string' || !body.version)
          return send(reply, { ok: false, status: 400, errors: { version: [ADMIN_CONTENT_MESSAGES[locale].errors.conflict] } }, locale);
        return send(reply, await editor.update(name, (request.params as { id: string }).id, body.version, body.values, access.actor(request), locale), locale);
      },
    );

    if (kind.publishing)
      app.post(
        `${path}publish/`,
        {
          ...common,
          schema: {
            hide: true,
            summary: `${name}: publish or unpublish several items at once`,
            description:
              'All or none: each item is checked as its own save would be and recorded as its own change; an item already so is left as it is. A refusal (400) names each refused id with its reasons, and nothing is written.',
            tags,
            body: z.object({
              ids: z.array(z.string().min(1).max(64)).min(1).max(200).describe('The items, by their ids as the list gives them.'),
              published: z.boolean().describe('true: publish them; false: take them off the site.'),
            }),
            response: {
              200: z.object({ changed: z.array(z.string()) }),
              400: apiError.extend({ errors: z.record(z.string(), z.array(z.string())) }),
              404: apiError,
            },
          },
        },
        async (request, reply) => {
          const locale = access.locale(request);
          const words = ADMIN_CONTENT_MESSAGES[locale];
          const result = await editor.setPublished(name, request.body.ids, request.body.published, access.actor(request), locale);
          noStore(reply);
          if (result.ok) return reply.send({ changed: result.changed });
          if (result.status === 404) return reply.code(404).send({ detail: words.errors.notFound });
          return reply.code(400).send({ detail: fill(words.list.bulkRefused, { ids: Object.keys(result.errors).join(', ') }), errors: result.errors });
        },
      );

    if (kind.publishing && kind.preview) registerDrafts(name, path, idParams);

    if (kind.deletable !== false)
      app.delete(
        `${path}:id/`,
        {
          ...common,
          schema: {
            hide: true,
            summary: `${name}: delete an item`,
            tags,
            params: idParams,
            querystring: z.object({ version: versionField }),
            response: { 200: item.extend({ auditId: z.string() }), 400: apiError, 404: apiError, 409: conflict },
          },
        },
        async (request, reply) =>
          send(
            reply,
            await editor.remove(name, request.params.id, request.query.version, access.actor(request), access.locale(request)),
            access.locale(request),
          ),
      );
  }

  /**
   * A published item's draft (issue #42, ADR 042): `PUT …/{id}/draft/` saves it as the editor types (over the
   * draft's version the tab last saw, else 409), `DELETE …/{id}/draft/?version=` discards it, `POST
   * …/{id}/draft/publish/` makes it the live item through the engine's own checked, audited change.
   */
  function registerDrafts(name: ContentKindName, path: string, idParams: z.ZodObject<{ id: z.ZodString }>) {
    const conflictBody = apiError.extend({ draft: draft.nullable() });
    app.put(
      `${path}:id/draft/`,
      {
        ...common,
        schema: {
          hide: true,
          summary: `${name}: save an item's draft`,
          description:
            'Kept beside the live item, which the site keeps showing. Saved only over `version` (null: a new draft); otherwise 409 with the draft as it is.',
          tags,
          params: idParams,
          body: z.object({
            version: versionField.nullable(),
            baseVersion: versionField.describe('The version of the live item the draft was started from.'),
            values: z.record(z.string(), z.unknown()).describe("The form's values as they are (checked when the draft is published)."),
          }),
          response: { 200: draft, 404: apiError, 409: conflictBody },
        },
      },
      async (request, reply) => {
        const words = ADMIN_CONTENT_MESSAGES[access.locale(request)];
        const result = await drafts.save(name, request.params.id, request.body, access.actor(request));
        noStore(reply);
        if (result.ok) return reply.send(result.draft);
        if (result.status === 404) return reply.code(404).send({ detail: words.errors.notFound });
        return reply.code(409).send({ detail: result.current ? words.draft.conflict : words.errors.noDraft, draft: result.current });
      },
    );
    app.delete(
      `${path}:id/draft/`,
      {
        ...common,
        schema: {
          hide: true,
          summary: `${name}: discard an item's draft`,
          tags,
          params: idParams,
          querystring: z.object({ version: versionField }),
          response: { 200: z.object({ draft: z.null() }), 404: apiError, 409: conflictBody },
        },
      },
      async (request, reply) => {
        const words = ADMIN_CONTENT_MESSAGES[access.locale(request)];
        const result = await drafts.discard(name, request.params.id, request.query.version);
        noStore(reply);
        if (result.ok) return reply.send({ draft: null });
        if (result.status === 404) return reply.code(404).send({ detail: words.errors.notFound });
        return reply.code(409).send({ detail: result.current ? words.draft.conflict : words.errors.noDraft, draft: result.current });
      },
    );
    app.post(
      `${path}:id/draft/publish/`,
      {
        ...common,
        schema: {
          hide: true,
          summary: `${name}: publish an item's draft`,
          description:
            "The draft at `version` becomes the live item: checked as a save (400 naming the fields), written only while the live item is at `baseVersion` (the draft's own when not given), recorded in the audit trail; the draft is then gone. 409 when the draft or the live item changed since.",
          tags,
          params: idParams,
          body: z.object({ version: versionField, baseVersion: versionField.optional() }),
          response: { 200: item, 400: apiError, 404: apiError, 409: conflict.extend({ reason: z.enum(['draft', 'live']), draft: draft.nullable() }) },
        },
      },
      async (request, reply) => {
        const locale = access.locale(request);
        const words = ADMIN_CONTENT_MESSAGES[locale];
        const result = await drafts.publish(name, request.params.id, request.body, access.actor(request), locale);
        if (!result.ok && result.status === 409 && 'reason' in result)
          return noStore(reply)
            .code(409)
            .send({
              detail: result.reason === 'live' ? words.draft.liveChanged : result.draft ? words.draft.conflict : words.errors.noDraft,
              reason: result.reason,
              current: result.current,
              draft: result.draft,
            });
        if (!result.ok && result.status === 400)
          return noStore(reply)
            .code(400)
            .send({ detail: fill(words.draft.invalid, { fields: Object.keys(result.errors).join(', ') }), errors: result.errors });
        return send(reply, result as SaveResult, locale);
      },
    );
  }

  app.post(
    '/content/revert/:id/',
    {
      ...common,
      schema: {
        hide: true,
        summary: 'Revert a recorded change',
        description: 'A new change putting the item back as it was before the recorded one, itself recorded; 409 when the item changed since.',
        tags,
        params: z.object({
          id: z
            .string()
            .regex(/^[1-9]\d{0,17}$/)
            .describe("The audit entry's number."),
        }),
        response: { 200: item.extend({ kind: z.string() }), 400: apiError, 404: apiError, 409: conflict },
      },
    },
    async (request, reply) => {
      const locale = access.locale(request);
      const result = await editor.revert(request.params.id, access.actor(request), locale);
      if (result.ok) return noStore(reply).send({ ...result.item, kind: result.kind as ContentKindName });
      if (result.status === 409) return noStore(reply).code(409).send({ detail: ADMIN_CONTENT_MESSAGES[locale].errors.revertChanged, current: result.current });
      // A revert the item's own rules refuse (an auction's bids): the form shows the detail, so it is the reason itself.
      if (result.status === 400)
        return noStore(reply)
          .code(400)
          .send({ detail: Object.values(result.errors).flat().join(' '), errors: result.errors });
      return send(reply, result, locale);
    },
  );

  app.get(
    '/content/options/:source/',
    {
      ...common,
      schema: {
        hide: true,
        summary: "A reference field's choices",
        tags,
        params: z.object({ source: z.enum(REFERENCE_SOURCES) }),
        response: { 200: z.array(z.object({ value: z.string(), label: z.string() })) },
      },
    },
    async (request, reply) => noStore(reply).send(await editor.options(request.params.source, access.locale(request))),
  );

  // The searched pickers' choices (issue #42): the catalogue's lots and buildings are too many to list with the form.
  app.get(
    '/content/options/:source/search/',
    {
      ...common,
      schema: {
        hide: true,
        summary: "A searched picker's choices",
        description:
          "The lots whose number, kind or project's or building's name (in any language) holds every word of `q`, or those of `ids` (the chosen ones, to name them), labelled in the editor's language; at most `limit`. Buildings are a project's (`project`, required), valued by their number; asked for without `q` or `ids`, every building of the project (no `limit`).",
        tags,
        params: z.object({ source: z.enum(SEARCH_SOURCES) }),
        querystring: z
          .object({
            q: safeText().trim().min(1).max(100).optional().describe('Words typed: part of a number, a project’s or a building’s name.'),
            ids: z
              .string()
              .regex(new RegExp(`^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,${CHOICE_IDS_MAX - 1}}$`))
              .optional()
              .describe(`Chosen values, comma-separated (up to ${CHOICE_IDS_MAX}).`),
            project: z.coerce.number().int().min(1).max(2_147_483_647).optional().describe('The project whose buildings are asked for (buildings only).'),
            limit: z.coerce.number().int().min(1).max(50).default(20),
          })
          .refine((query) => query.q === undefined || query.ids === undefined, { message: 'Give q or ids, not both.', path: ['q'] })
          .refine((query) => query.q !== undefined || query.ids !== undefined || query.project !== undefined, {
            message: 'Give the words typed (q) or the chosen values (ids).',
            path: ['q'],
          }),
        response: { 200: z.array(z.object({ value: z.string(), label: z.string() })), 400: apiError },
      },
    },
    async (request, reply) => {
      const { q, ids, project, limit } = request.query;
      const { source } = request.params;
      const locale = access.locale(request);
      if ((source === 'buildings') !== (project !== undefined)) {
        const reason = source === 'buildings' ? 'Name the project whose buildings are asked for.' : 'Only buildings are asked for by project.';
        return noStore(reply)
          .code(400)
          .send({ detail: fill(ADMIN_CONTENT_MESSAGES[locale].edit.invalid, { fields: 'project' }), errors: { project: [reason] } });
      }
      const chosen = ids?.split(',');
      const query = chosen ? { ids: chosen, limit: chosen.length, project } : { q, limit, project };
      return noStore(reply).send(await opts.services.catalogue.choices(source, query, locale));
    },
  );

  // CSV export and import of the kinds teams keep in spreadsheets (core/admin/csv.ts): the file as the body, its type
  // and declared size judged before a byte is read (415, 413), then every row judged before anything is written.
  await app.register(async (scope) => {
    for (const type of CSV_TYPES) scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: CSV_MAX_BYTES }, (_req, body, done) => done(null, body));
    const mb = CSV_MAX_BYTES / 1024 / 1024;
    const fileRefused = (reply: FastifyReply, locale: AdminLocale, status: 400 | 413 | 415, reason: string) => {
      const detail = fill(ADMIN_CONTENT_MESSAGES[locale].list.csv.file, { reason });
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        .send({ detail, errors: { file: [reason] } });
    };
    const judgeFile: onRequestAsyncHookHandler = async (request, reply) => {
      const locale = access.locale(request);
      const words = ADMIN_CONTENT_MESSAGES[locale].list.csv.errors;
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!CSV_TYPES.includes(type)) return fileRefused(reply, locale, 415, words.type);
      const length = Number(request.headers['content-length'] ?? NaN);
      if (Number.isFinite(length) && length > CSV_MAX_BYTES) return fileRefused(reply.header('connection', 'close'), locale, 413, fill(words.size, { mb }));
    };
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    for (const name of CONTENT_KINDS.filter((n) => CSV_KINDS.has(n))) {
      const kind = contentKind(name)!;
      typed.get(
        `/content/${name}/csv/`,
        {
          ...common,
          schema: {
            hide: true,
            summary: `${name}: every item as CSV`,
            description: 'UTF-8 with a byte-order mark, a header of field names (`name.ru`), a row per item (core/admin/csv.ts).',
            tags,
            response: { 200: z.string() },
          },
        },
        async (_request, reply) => {
          const body = itemsToCsv(kind, await editor.list(name));
          const day = new Date().toISOString().slice(0, 10);
          return noStore(reply)
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
            .send(body);
        },
      );
      typed.post(
        `/content/${name}/csv/`,
        {
          onRequest: [editorsOnly, judgeFile],
          errorHandler: (error, request, reply) => {
            // A body that outgrew the limit while arriving (no Content-Length): the same 413 naming the file.
            if ((error as { statusCode?: number }).statusCode === 413) {
              const locale = access.locale(request);
              return fileRefused(reply, locale, 413, fill(ADMIN_CONTENT_MESSAGES[locale].list.csv.errors.size, { mb }));
            }
            throw error;
          },
          schema: {
            hide: true,
            summary: `${name}: import items from CSV`,
            description: `The file as the body (\`Content-Type: text/csv\`), at most ${mb} MB and ${CSV_MAX_ROWS} rows, with the export's columns (any subset with the key). All or none: a refusal (400) names each refused row's line, key and fields, and nothing is written.`,
            tags,
            response: {
              200: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
              400: apiError.extend({
                errors: z.record(z.string(), z.array(z.string())).optional(),
                rows: z.array(z.object({ line: z.number().int(), key: z.string(), errors: z.record(z.string(), z.array(z.string())) })).optional(),
              }),
              413: apiError,
              415: apiError,
            },
          },
        },
        async (request, reply) => {
          const locale = access.locale(request);
          const words = ADMIN_CONTENT_MESSAGES[locale].list.csv;
          const text = typeof request.body === 'string' ? request.body : '';
          const parsed = parseCsv(kind, text);
          if (!parsed.ok) return fileRefused(reply, locale, 400, fill(words.errors[parsed.error], { columns: (parsed.columns ?? []).join(', '), mb }));
          const result = await editor.importCsv(name, parsed.records, access.actor(request), locale);
          noStore(reply);
          if (result.ok) return reply.send({ created: result.created, updated: result.updated, unchanged: result.unchanged });
          return reply.code(400).send({ detail: formatMessage(words.refused, { count: result.refused.length }, locale), rows: result.refused });
        },
      );
    }
  });
}
