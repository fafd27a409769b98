import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { parseLotFilter, serializeLotFilter } from '#core/catalogue/filter.ts';
import type { HomeSelector as HomeSelectorData } from '#core/content/home-blocks.ts';
import { ChoiceChip, ChoiceGroup } from '#app/components/catalogue/choice-chip.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useApi } from '#app/lib/api.ts';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';

const SELECT = 'select-pill';

/**
 * The project selector (spec §7 `/api/main_page_selector/`): project × rooms × budget, leading to the lot
 * filter. A plain GET form to `/filter`, so it works without JavaScript (the counts are then those of the page
 * as served); with it, every change asks the selector call again and the counts and the total follow at once,
 * and sending it opens the filter at its clean address. Its heading is one of the home page's texts (edited in the
 * back office), the catalog's words where it has none in this language.
 */
export function HomeSelector({ initial, texts }: { initial: HomeSelectorData; texts: { title: string | null; lead: string | null } }) {
  const t = useT();
  const lp = useLocalePath();
  const api = useApi();
  const navigate = useNavigate();
  const format = useCatalogueFormat();
  const [selector, setSelector] = useState(initial);
  const asked = useRef(0);

  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const query = {
      project: String(data.get('project') ?? '') || undefined,
      rooms: data.getAll('rooms').map(String).join(',') || undefined,
      price_max: String(data.get('price_max') ?? '') || undefined,
    };
    const ask = ++asked.current;
    try {
      const next = await api<HomeSelectorData>('/api/main_page_selector/', { query });
      if (ask === asked.current) setSelector(next);
    } catch {
      // The client has reported it; the form still leads to the filter, which counts for itself.
    }
  };

  /** The filter at its clean address (no empty "all projects"), as the codec writes it. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) if (String(value)) params.append(name, String(value));
    const parsed = parseLotFilter(params);
    if (!parsed.ok) return;
    event.preventDefault();
    void navigate(`${lp('/filter')}?${serializeLotFilter(parsed.filter).toString()}`);
  };

  return (
    <section aria-labelledby="selector-title" className="home-section">
      <div className="rounded-3xl bg-white p-6 ring-1 ring-line sm:p-10">
        <h2 id="selector-title" className="section-title">
          {texts.title ?? t('homeBlocks.selector.title')}
        </h2>
        <p className="mt-3 max-w-2xl text-pretty text-muted">{texts.lead ?? t('homeBlocks.selector.lead')}</p>
        <form
          method="get"
          action={lp('/filter')}
          onChange={(event) => void onChange(event)}
          onSubmit={onSubmit}
          className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] lg:items-end xl:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto]"
        >
          <input type="hidden" name="type" value="flat" />
          <label className="flex min-w-0 flex-col gap-2.5">
            <span className="text-sm font-semibold text-muted">{t('homeBlocks.selector.project')}</span>
            <select name="project" defaultValue={selector.chosen.project ?? ''} className={SELECT}>
              <option value="">{t('homeBlocks.selector.anyProject')}</option>
              {selector.projects.map((p) => (
                <option key={p.value} value={p.value}>
                  {t('homeBlocks.selector.option', { label: p.label, count: format.number(p.count) })}
                </option>
              ))}
            </select>
          </label>
          <ChoiceGroup legend={t('homeBlocks.selector.rooms')}>
            {selector.rooms.map((r) => (
              <ChoiceChip
                key={r.value}
                name="rooms"
                value={r.value}
                defaultChecked={selector.chosen.rooms.includes(r.value as never)}
                label={r.label}
                count={r.count}
                className="min-w-11 justify-center"
              />
            ))}
          </ChoiceGroup>
          <label className="flex min-w-0 flex-col gap-2.5">
            <span className="text-sm font-semibold text-muted">{t('homeBlocks.selector.budget')}</span>
            <select name="price_max" defaultValue={selector.chosen.priceMax === null ? '' : String(selector.chosen.priceMax)} className={SELECT}>
              <option value="">{t('homeBlocks.selector.anyBudget')}</option>
              {selector.budgets.map((b) => (
                <option key={b.value} value={b.value}>
                  {t('homeBlocks.selector.option', { label: b.label, count: format.number(b.count) })}
                </option>
              ))}
            </select>
          </label>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-3 lg:col-span-3 xl:col-span-1 xl:flex-col xl:items-stretch xl:gap-2">
            <Button type="submit" size="lg">
              <Icon name="search" />
              {t('homeBlocks.selector.submit')}
            </Button>
            <p className="text-sm font-semibold text-brand-800 tabular-nums xl:text-center" aria-live="polite">
              {t('homeBlocks.selector.found', { count: format.number(selector.count) })}
            </p>
          </div>
        </form>
      </div>
    </section>
  );
}
