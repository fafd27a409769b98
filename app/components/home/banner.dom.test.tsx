import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { home } from '#content/home.ts';
import { settings as demo } from '#content/settings.ts';
import type { RootData } from '#app/lib/root-data.ts';
import { renderInRoute } from '#tests/fixtures/dom.tsx';
import { HomeBanner } from './banner.tsx';

/**
 * The home page's closing banner in English promises English-speaking managers only while the settings list English
 * among the sales team's languages (issue #38, "Promises backed by settings").
 */
const managers = { title: home.englishManagers.title.en, description: home.englishManagers.description.en };
const root = (salesLanguages: string[]) => ({ settings: { ...demo, salesLanguages } }) as unknown as Partial<RootData>;

describe('the closing banner in English', () => {
  it('promises English-speaking managers while the sales team speaks English', () => {
    renderInRoute(<HomeBanner app={null} englishManagers={managers} />, { locale: 'en', path: '/en', root: root(['ru', 'en']) });
    expect(screen.getByRole('heading', { level: 2, name: managers.title })).toBeTruthy();
  });

  it('is not shown once English is not among its languages', () => {
    renderInRoute(<HomeBanner app={null} englishManagers={managers} />, { locale: 'en', path: '/en', root: root(['ru', 'zh']) });
    expect(screen.queryByRole('heading', { name: managers.title })).toBeNull();
  });
});
