import { useState } from 'react';
import { useHydrated } from '#app/lib/hydration.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { useRootData } from '#app/lib/root-data.ts';
import { serializeSelectionIds } from '#app/lib/selection.ts';

/** The share link, readable and selectable without JavaScript, with a copy button once interactive. */
export function ShareBox({ ids }: { ids: readonly string[] }) {
  const t = useT();
  const lp = useLocalePath();
  const root = useRootData();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const url = `${hydrated ? window.location.origin : (root?.siteOrigin ?? '')}${lp('/selection')}?ids=${serializeSelectionIds(ids)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      (document.getElementById('selection-share') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div className="w-full max-w-xl">
      <label htmlFor="selection-share" className="text-sm font-semibold">
        {t('catalogue.selection.share')}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id="selection-share"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 min-w-0 flex-1 rounded-full bg-white px-4 text-sm text-muted ring-1 ring-line focus:ring-2 focus:ring-brand-500 focus:outline-none"
        />
        {hydrated ? (
          <Button type="button" variant="secondary" onClick={() => void copy()} className="shrink-0">
            <Icon name={copied ? 'check' : 'external'} className="size-4" />
            {t(copied ? 'catalogue.selection.copied' : 'catalogue.selection.copy')}
          </Button>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? t('catalogue.selection.copied') : ''}
      </p>
    </div>
  );
}
