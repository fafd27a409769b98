import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { TextField } from '#app/components/ui/field.tsx';

/**
 * A whole-roubles amount a form sends (an auction's bid), grouped as every figure on the site («32 210 000»,
 * "32,210,000"): already in the server's HTML, so a page without JavaScript shows and posts it grouped (the shared
 * schema reads the language's grouping: `parseBidAmount`, core/auctions/auction.ts), and as the visitor types, the
 * caret kept after the same digit, with the grouping the filter's price bounds use (`format.typing`,
 * app/components/catalogue/range-slider.tsx). A keystroke that would not leave whole roubles (a letter, a sign, a
 * fraction) is not taken.
 */
/** The most digits an amount has (the schema's bound: 13). */
const MAX = 9_999_999_999_999;

export function AmountField({
  label,
  name,
  initial,
  hint,
  error,
  required,
}: {
  label: string;
  name: string;
  /** The amount to start from, or the text the visitor sent (a refused post without JavaScript shows it again). */
  initial: number | string | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean | undefined;
}) {
  const format = useCatalogueFormat();
  const [text, setText] = useState(() => {
    if (initial === undefined) return '';
    const typed = format.typing(String(initial));
    return typed.valid ? typed.text : String(initial);
  });
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current === null || document.activeElement !== input.current) return;
    input.current?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = format.typing(event.target.value, event.target.selectionStart ?? event.target.value.length);
    // Whole roubles only: the text must be the amount as the site prints it («12,» or «-5» is not taken).
    if (!typed.valid) return;
    if (typed.value !== undefined && !(Number.isInteger(typed.value) && typed.value >= 0 && typed.value <= MAX && typed.text === format.number(typed.value)))
      return;
    caret.current = typed.caret;
    setText(typed.text);
  };

  return (
    <TextField
      ref={input}
      label={label}
      name={name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      required={required}
      value={text}
      onChange={onChange}
      hint={hint}
      error={error}
      className="tabular-nums"
    />
  );
}
