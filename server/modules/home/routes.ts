import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROOM_CHOICES } from '#core/catalogue/filter.ts';
import { shownLogo } from '#core/content/home-blocks.ts';
import { buildImageUrl, type ImageSigner } from '#core/image/url.ts';
import { safeText } from '#core/schemas/text.ts';
import type { Config } from '../../config.ts';
import { createImageSigner } from '../images/index.ts';
import type { Services } from '../../services.ts';
import { sendBadRequest } from '../../http/api/errors.ts';
import { apiLocale } from '../../http/api/locale.ts';
import { homePartner, homeSelector, homeSlide } from './responses.ts';
import { choiceList, lang, langQuery, page, reads, unknownChoices } from '../../http/api/schemas.ts';

/** Repeated keys arrive as arrays; a single-valued parameter takes the last, as Django's QueryDict does. */
const single = (value: unknown) => (Array.isArray(value) ? value.at(-1) : value);
const blankless = (value: unknown) => (single(value) === '' ? undefined : single(value));
const PRICE = 'Expected a price in roubles from 1 to 100000000000';

const selectorQuery = z.object({
  lang,
  // A GET form sends an empty value for "all projects" and "any budget": the same as leaving it out.
  project: z
    .preprocess(
      blankless,
      safeText()
        .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a project id.')
        .optional(),
    )
    .describe('A catalogue project id (one of the answer’s `projects`).'),
  rooms: choiceList(() => ROOM_CHOICES, `Rooms: ${ROOM_CHOICES.join(', ')} (0 a studio, 4 four and more; comma list)`),
  price_max: z
    .preprocess(blankless, z.coerce.number({ error: PRICE }).int(PRICE).min(1, PRICE).max(1e11, PRICE).optional())
    .describe('The budget: the highest price in roubles (any whole number; the answer’s `budgets` are the suggested ones).'),
});

/**
 * The home page's calls (spec §7): the main slider (`/api/main_page_slider/`), the project selector
 * (`/api/main_page_selector/`: flats by project × rooms × budget with live counts and the filter they lead to)
 * and the partners (`/api/main_page_partners/`: the partner banks, then the others, with logos).
 */
export default async function homeApi(base: FastifyInstance, opts: { services: Services; config: Config }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { home, catalogue } = opts.services;
  const { config } = opts;
  const sign: ImageSigner | undefined =
    config.IMGPROXY_KEY && config.IMGPROXY_SALT ? createImageSigner({ key: config.IMGPROXY_KEY, salt: config.IMGPROXY_SALT }) : undefined;
  const build = sign ? { sign } : {};
  const cached = (reply: FastifyReply, seconds = 60) => reply.header('cache-control', `public, max-age=${seconds}`);
  const tags = ['Home page'];
  const list = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

  app.get(
    '/main_page_slider/',
    { schema: { summary: 'The main slider of the home page, in its order', tags, querystring: langQuery, response: reads(page(homeSlide)) } },
    async (request, reply) => {
      const slides = await home.slides(apiLocale(request));
      return cached(reply).send(
        list(
          slides.map((slide) => ({
            ...slide,
            image: { ...slide.image, url: buildImageUrl(slide.image.src, { width: 1440, height: 900, format: 'webp' }, build) },
          })),
        ),
      );
    },
  );

  app.get(
    '/main_page_selector/',
    {
      schema: {
        summary: 'The project selector: flats by project, rooms and budget, with the count each choice would give',
        tags,
        querystring: selectorQuery,
        response: reads(homeSelector),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { ids } = await catalogue.projectChoices();
      const bad = unknownChoices({ project: q.project ? [q.project] : [] }, { project: ids });
      if (bad) return sendBadRequest(reply, 'querystring', bad);
      return cached(reply, 30).send(await home.selector(apiLocale(request), { project: q.project, rooms: q.rooms, priceMax: q.price_max }));
    },
  );

  app.get(
    '/main_page_partners/',
    { schema: { summary: 'The partner banks, then the other partners, with logos', tags, querystring: langQuery, response: reads(page(homePartner)) } },
    async (request, reply) => {
      const partners = await home.partners(apiLocale(request));
      return cached(reply).send(list(partners.map((p) => ({ ...p, logo: { src: p.logo.src, ...shownLogo(p.logo, sign) } }))));
    },
  );
}
