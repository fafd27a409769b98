import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoLandings, LANDING_SLUG } from '#content/landings.ts';
import { settings as demo } from '#content/settings.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import type { Landing } from '#core/content/landings.ts';
import type { RootData } from '#app/lib/root-data.ts';
import { renderInRoute } from '#tests/fixtures/dom.tsx';
import { LandingPage } from './landing-page.tsx';

/**
 * The Chinese landing when the settings do not back its promises: no messenger id set and no Chinese among the sales
 * team's languages. It then offers no messenger and no Chinese-speaking manager, and says which languages the
 * managers do speak. (The same page with the demo's settings, on the server: tests/integration/content/promises.test.ts.)
 */
const content = demoLandings.find((l) => l.locale === 'zh')!.content;
const landing: Landing = {
  ...content,
  slug: LANDING_SLUG,
  locale: 'zh',
  url: `/${LANDING_SLUG}`,
  locales: ['en', 'zh'],
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const settings = (changes: Partial<RootData['settings'] & object>) =>
  ({
    settings: { ...demo, companyName: demo.companyName.zh, legalName: '', address: '', workingHours: '', phones: [], minMortgageRate: null, ...changes },
  }) as unknown as Partial<RootData>;

describe('the Chinese landing', () => {
  it('offers no messenger and no Chinese-speaking manager the settings do not set, and names the languages spoken', () => {
    const { container } = renderInRoute(<LandingPage landing={landing} />, {
      locale: 'zh',
      path: `/zh/${LANDING_SLUG}`,
      root: settings({ whatsapp: '', telegram: '', wechat: '', salesLanguages: ['ru', 'en'] }),
    });
    expect(container.querySelector('[data-landing-messengers]')).toBeNull();
    expect(screen.queryByText(content.promise.title)).toBeNull();
    expect(screen.queryByText(content.form.title)).toBeNull();
    for (const point of content.promise.points) expect(screen.queryByText(point)).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: zh.landings.noManagerTitle })).toBeTruthy();
    expect(screen.getAllByText('留下您的电话，经理将在工作时间为您回电。我们的经理会说俄语和英语。').length).toBe(2);
  });

  it('offers only the messengers whose ids are set', () => {
    const { container } = renderInRoute(<LandingPage landing={landing} />, {
      locale: 'zh',
      path: `/zh/${LANDING_SLUG}`,
      root: settings({ whatsapp: '', telegram: '', wechat: 'severnaya-sales', salesLanguages: ['ru', 'zh'] }),
    });
    const messengers = container.querySelector('[data-landing-messengers]')!;
    expect(messengers.querySelectorAll('li')).toHaveLength(1);
    expect(messengers.textContent).toContain('severnaya-sales');
    expect(messengers.querySelector('a')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: content.promise.title })).toBeTruthy();
  });
});
