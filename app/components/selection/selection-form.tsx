import type { FormEvent, ReactNode } from 'react';
import { useLocalePath } from '#app/lib/i18n.tsx';
import type { SelectionChange } from '#app/lib/selection.ts';
import { CsrfField } from '#app/lib/csrf.tsx';

/** A form that posts a selection change without JavaScript and hands it to the store with it. */
export function SelectionForm({
  intent,
  ids,
  redirectTo,
  onSubmit,
  children,
}: {
  intent: SelectionChange['intent'];
  ids: readonly string[];
  redirectTo: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const lp = useLocalePath();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form method="post" action={lp('/selection')} onSubmit={submit}>
      <input type="hidden" name="intent" value={intent} />
      {ids.map((id) => (
        <input key={id} type="hidden" name="id" value={id} />
      ))}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <CsrfField />
      {children}
    </form>
  );
}
