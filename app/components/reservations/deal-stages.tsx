import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';
import { useMoments } from './moment.ts';
import type { DealView } from './types.ts';

/** The stages reserved → contract prepared → contract signed → registered → keys, each with its date or "pending". */
export function DealStages({ deal }: { deal: DealView }) {
  const t = useT();
  const { day } = useMoments();
  return (
    <section aria-labelledby="deal-stages-title" className="panel">
      <h2 id="deal-stages-title" className="text-xl font-bold">
        {t('reservations.deal.stagesTitle')}
      </h2>
      <ol className="mt-5 grid gap-0">
        {deal.stages.map(({ stage, at }, index) => {
          const done = at !== null;
          const current = stage === deal.stage && deal.state !== 'completed';
          return (
            <li key={stage} className="relative flex gap-4 pb-5 last:pb-0" aria-current={current ? 'step' : undefined} data-stage={stage}>
              {index < deal.stages.length - 1 ? (
                <span aria-hidden="true" className={`absolute top-8 bottom-0 left-[0.9rem] w-0.5 ${done ? 'bg-brand-300' : 'bg-line'}`} />
              ) : null}
              <span
                aria-hidden="true"
                className={`relative flex size-8 shrink-0 items-center justify-center rounded-full ring-2 ${
                  done ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-muted ring-line'
                }`}
              >
                {done ? <Icon name="check" className="size-4" /> : <span className="text-sm font-bold">{index + 1}</span>}
              </span>
              <div className="min-w-0 pt-1">
                <p className={`font-semibold ${done ? '' : 'text-muted'}`}>{t(`reservations.deal.stages.${stage}`)}</p>
                <p className="text-sm text-muted">
                  {at ? day(at) : t('reservations.deal.stagePending')}
                  {current ? ` · ${t('reservations.deal.stageCurrent')}` : ''}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
