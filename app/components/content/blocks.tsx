import { buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';
import type { Block } from '#core/schemas/localized.ts';

/** Renders editorial content blocks; text is always escaped by React, never injected as HTML. */
export function Blocks({ blocks }: { blocks: Block[] }) {
  const t = useT();
  return (
    <div className="space-y-5 text-[1.05rem] leading-relaxed text-ink/90">
      {blocks.map((block, index) => {
        switch (block.type) {
          case 'h2':
            return (
              <h2 key={index} className="pt-4 text-2xl font-bold tracking-tight text-ink">
                {block.text}
              </h2>
            );
          case 'p':
            return <p key={index}>{block.text}</p>;
          case 'ul':
            return (
              <ul key={index} className="list-disc space-y-2 pl-6 marker:text-brand-500">
                {block.items.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            );
          case 'button':
            return (
              <p key={index} className="pt-2">
                <a href={block.href} className={buttonClass('primary', 'lg')} {...(block.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                  {block.text}
                  {block.external ? (
                    <>
                      <Icon name="external" />
                      <span className="sr-only">{t('page.externalLink')}</span>
                    </>
                  ) : null}
                </a>
              </p>
            );
        }
      })}
    </div>
  );
}
