import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SITE, setupSiteApp } from '#tests/support/site.ts';
import { TEMPLATES, USER_AGENT } from '#tests/support/templates.ts';

const site = setupSiteApp();
const headers = { 'user-agent': USER_AGENT };

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replaceAll('.', '\\.')}" content="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&');

/** What each template is shared with: its own picture's kind of source, else the site's own picture. */
function expectedSource(template: string): RegExp {
  if (/^\/projects\/\d/.test(template)) return /^catalogue\/covers\//;
  if (/^\/(lipovy|sosnovy)\//.test(template)) return /^catalogue\/lots\//;
  if (/^\/(news|promo)\/./.test(template)) return /./;
  return /^demo\/hero\.jpg$/;
}

describe('every page is shared with a picture (og:image, the Twitter card)', () => {
  it.each(TEMPLATES)('%s names an absolute 1200×630 picture that the image route answers', async (template) => {
    const html = await (await site.fetch(SITE + template, { headers })).text();
    const image = metaContent(html, 'og:image');
    expect(image, 'og:image').toMatch(new RegExp(`^${SITE}/img/[^/]+/w:1200/h:630/rt:fill/plain/.+@jpg$`));
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toBe(image);

    const source = /\/plain\/(.+)@jpg$/.exec(image!)![1]!;
    expect(source).toMatch(expectedSource(template));
    // A page's own picture is the one it shows (a publication's, a lot's plan; a project's render on its own page).
    if (!/^demo\/hero\.jpg$/.test(source) && !/\/(building|progress)/.test(template)) expect(html).toContain(`/plain/${source}@`);

    const answer = await site.fetch(image!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    const { width, height } = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 630 });
  });
});
