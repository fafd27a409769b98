import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RARE_FORMATS } from '#core/content/stories.ts';
import { buildImageUrl, type ImageSigner } from '#core/image/url.ts';
import { idText } from '#core/schemas/id.ts';
import { safeText } from '#core/schemas/text.ts';
import type { Config } from '../../config.ts';
import { createImageSigner } from '../images/index.ts';
import type { Services } from '../../services.ts';
import type { BenefitPlace } from './stories.ts';
import { sendBadRequest } from '../../http/api/errors.ts';
import { apiLocale } from '../../http/api/locale.ts';
import { benefit, story, storyCard } from './responses-stories.ts';
import { lang, langQuery, page, reads, unknownChoices } from '../../http/api/schemas.ts';

/** Repeated keys arrive as arrays: a single-valued parameter takes the last, as Django's QueryDict does; empty is absent. */
const single = (value: unknown) => (Array.isArray(value) ? value.at(-1) : value);
const blankless = (value: unknown) => (single(value) === '' ? undefined : single(value));

const cardsQuery = z.object({
  lang,
  slug: z
    .preprocess(
      blankless,
      safeText()
        .regex(/^[a-z0-9_-]{1,64}$/, 'Expected a story slug or a kind of lot.')
        .optional(),
    )
    .describe('A story’s slug (one of `/api/stories_mobile/`), or a kind of lot (`flat`: every story about flats). Absent: every story.'),
  rare_format_type: z
    .preprocess(blankless, z.enum(RARE_FORMATS, { error: `Expected one of ${RARE_FORMATS.join(', ')}` }).optional())
    .describe('Only the stories about this rare format of flats. Empty: any.'),
});

const projectParam = (required: boolean) => {
  const id = idText('Expected a project id.', { required: 'Required: a project id.' });
  return z
    .preprocess(blankless, required ? id : id.optional())
    .describe(required ? 'A catalogue project id.' : 'A catalogue project id; without it, the developer’s benefits alone.');
};

/**
 * Stories on phones (spec §7 `/api/stories_mobile/`, `/api/story_cards_mobile/?slug=flat&rare_format_type=`) and the
 * benefits (`/api/benefits_popup/?project=`, the "why this project" dialog; `/api/benefits_project_page/?project=`, the
 * project page's section): a project's own, then the developer's.
 */
export default async function storiesApi(base: FastifyInstance, opts: { services: Services; config: Config }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { stories, catalogue } = opts.services;
  const { config } = opts;
  const sign: ImageSigner | undefined =
    config.IMGPROXY_KEY && config.IMGPROXY_SALT ? createImageSigner({ key: config.IMGPROXY_KEY, salt: config.IMGPROXY_SALT }) : undefined;
  const build = sign ? { sign } : {};
  const cached = (reply: FastifyReply, seconds = 60) => reply.header('cache-control', `public, max-age=${seconds}`);
  const list = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

  app.get(
    '/stories_mobile/',
    { schema: { summary: 'The stories shown on phones, in their order', tags: ['Stories'], querystring: langQuery, response: reads(page(story)) } },
    async (request, reply) => {
      const rows = await stories.stories(apiLocale(request));
      return cached(reply).send(
        list(rows.map((s) => ({ ...s, cover: { ...s.cover, url: buildImageUrl(s.cover.src, { width: 160, height: 160, format: 'webp' }, build) } }))),
      );
    },
  );

  app.get(
    '/story_cards_mobile/',
    {
      schema: {
        summary: 'The cards of the stories a slug (a story or a kind of lot) and a rare format name, story after story',
        tags: ['Stories'],
        querystring: cardsQuery,
        response: reads(page(storyCard)),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const known = await stories.slugs();
      const bad = unknownChoices({ slug: q.slug ? [q.slug] : [] }, { slug: [...new Set([...known.stories, ...known.lotTypes])] });
      if (bad) return sendBadRequest(reply, 'querystring', bad);
      const cards = await stories.cards(apiLocale(request), { slug: q.slug, rareFormat: q.rare_format_type });
      return cached(reply).send(
        list(
          cards.map((c) => ({
            ...c,
            image: c.image && { ...c.image, url: buildImageUrl(c.image.src, { width: 720, height: 1280, format: 'webp' }, build) },
          })),
        ),
      );
    },
  );

  const benefitsRoute = (path: string, place: BenefitPlace, summary: string, required: boolean) =>
    app.get(
      path,
      {
        schema: { summary, tags: ['Benefits'], querystring: z.object({ lang, project: projectParam(required) }), response: reads(page(benefit)) },
      },
      async (request, reply) => {
        const { project } = request.query;
        const projects = await catalogue.projectDirectory();
        const bad = unknownChoices({ project: project ? [project] : [] }, { project: projects.map((p) => String(p.id)) });
        if (bad) return sendBadRequest(reply, 'querystring', bad);
        return cached(reply).send(list(await stories.benefits(apiLocale(request), project ? Number(project) : null, place)));
      },
    );

  benefitsRoute('/benefits_popup/', 'popup', 'The benefits of the "why this project" dialog: the project’s own, then the developer’s', false);
  benefitsRoute('/benefits_project_page/', 'page', 'The benefits section of a project page: the project’s own, then the developer’s', true);
}
