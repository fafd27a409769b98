/**
 * A searched multi-picker (issue #42): several of a source too large to list with the form (the catalogue's lots,
 * buildings), found by typing part of a number or a name and picked from the matches, each shown as a removable chip
 * labelled in the editor's language. The values stay what the item stores (the lots' ids). It is a WAI-ARIA combobox
 * with a listbox popup: arrows move among the matches, Enter adds one, Escape closes the list; a polite status line
 * says what the search found.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CHOICE_IDS_MAX } from '#core/admin/fields.ts';
import { fill } from '#core/admin/messages.ts';
import { FieldErrors, fieldLabel, input, labelClass, partErrors, type InputProps, type Option, type SearchChoices } from './field-parts.tsx';

export type { SearchChoices };

/** How long typing pauses before a search is sent. */
export const SEARCH_DELAY_MS = 250;

type Status = { state: 'idle' } | { state: 'searching' } | { state: 'done'; count: number } | { state: 'failed' };

export function SearchPickerInput({ spec, value, onChange, messages, options, search, readOnly, id, label, own, errors, errorId }: InputProps) {
  const words = messages.picker;
  const source = spec.type === 'references' || spec.type === 'reference' ? spec.source : '';
  const max = spec.type === 'references' ? spec.maxItems : undefined;
  const numeric = spec.type === 'references' && !spec.codes;
  const chosen = useMemo(() => (Array.isArray(value) ? (value as (string | number)[]).map(String) : []), [value]);
  // The labels the form came with (the server's, for the chosen lots), then those asked for and picked.
  const [labels, setLabels] = useState<Record<string, string>>(() => Object.fromEntries((options[source] ?? []).map((o) => [o.value, o.label])));
  const [text, setText] = useState('');
  const [matches, setMatches] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [said, setSaid] = useState('');
  const asked = useRef(0);
  const listId = `${id}-list`;
  const statusId = `${id}-status`;
  const chipsId = `${id}-chips`;
  const parts = partErrors(errors, spec.name);
  const partMessages = Object.values(parts).flat();
  const full = max !== undefined && chosen.length >= max;

  // The chosen values' labels, asked for those not yet named (an item opened with lots already chosen), at most
  // CHOICE_IDS_MAX a request: each answer names its group (an id the catalogue has not is named by its number), so the
  // next group is asked for then. A failed request stops it and says so; the chips keep their numbers.
  const [namesFailed, setNamesFailed] = useState(false);
  const unnamed = chosen.filter((v) => labels[v] === undefined);
  const unnamedKey = unnamed.slice(0, CHOICE_IDS_MAX).join(',');
  useEffect(() => {
    if (!search || !unnamedKey) return;
    let live = true;
    const ids = unnamedKey.split(',');
    search(source, { ids })
      .then((found) => {
        if (!live) return;
        const named = Object.fromEntries(found.map((o) => [o.value, o.label]));
        setLabels((known) => ({ ...known, ...Object.fromEntries(ids.map((v) => [v, named[v] ?? `#${v}`])) }));
      })
      .catch(() => {
        if (live) setNamesFailed(true);
      });
    return () => {
      live = false;
    };
  }, [search, source, unnamedKey]);

  // A search a short pause after the last key; an answer to an older search than the last one asked is dropped.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  function ask(typed: string) {
    clearTimeout(timer.current);
    const asking = ++asked.current;
    const q = typed.trim();
    if (!search || !q) {
      setMatches([]);
      setStatus({ state: 'idle' });
      return;
    }
    setStatus({ state: 'searching' });
    timer.current = setTimeout(() => {
      search(source, { q })
        .then((found) => {
          if (asking !== asked.current) return;
          setMatches(found);
          setActive(found.length ? 0 : -1);
          setOpen(true);
          setStatus({ state: 'done', count: found.length });
        })
        .catch(() => {
          if (asking === asked.current) setStatus({ state: 'failed' });
        });
    }, SEARCH_DELAY_MS);
  }

  const labelOf = (v: string) => labels[v] ?? `#${v}`;
  const shown = matches.filter((o) => !chosen.includes(o.value));
  const expanded = open && shown.length > 0;

  function add(option: Option) {
    if (full || chosen.includes(option.value)) return;
    setLabels((known) => ({ ...known, [option.value]: option.label }));
    onChange([...chosen, option.value].map((v) => (numeric ? Number(v) : v)));
    setSaid(fill(words.added, { label: option.label }));
    setActive((i) => Math.min(i, shown.length - 2));
    // Closed once picked, so it covers nothing (the form's buttons); the arrow keys open it again on the same matches.
    setOpen(false);
  }
  function remove(v: string) {
    onChange(chosen.filter((x) => x !== v).map((x) => (numeric ? Number(x) : x)));
    setSaid(fill(words.removed, { label: labelOf(v) }));
  }
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      setActive((i) => (shown.length ? (i + 1) % shown.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (shown.length ? (i - 1 + shown.length) % shown.length : -1));
    } else if (e.key === 'Enter') {
      // Enter picks the active match; it never submits the form from here.
      e.preventDefault();
      const option = expanded ? shown[active] : undefined;
      if (option) add(option);
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
      } else if (text) {
        e.preventDefault();
        setText('');
        ask('');
      }
    }
  }

  const statusText =
    full && max !== undefined
      ? fill(words.full, { max })
      : status.state === 'searching'
        ? words.searching
        : status.state === 'failed'
          ? words.failed
          : status.state === 'done'
            ? status.count
              ? fill(words.found, { count: status.count })
              : words.none
            : '';
  const activeOption = expanded && active >= 0 ? shown[active] : undefined;
  const invalid = Boolean(own?.length || partMessages.length);
  const namesFailedId = `${id}-names-failed`;
  const described = [invalid ? errorId : null, statusText ? statusId : null, namesFailed ? namesFailedId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <p id={chipsId} className="sr-only">
        {words.chosen}
      </p>
      {chosen.length ? (
        <ul aria-labelledby={chipsId} className="mt-1 flex flex-wrap gap-2">
          {chosen.map((v) => (
            <li key={v} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm">
              <span>{labelOf(v)}</span>
              {readOnly ? null : (
                <button
                  type="button"
                  className="inline-flex size-7 items-center justify-center rounded-full text-brand-800 hover:bg-brand-100"
                  aria-label={fill(words.remove, { label: labelOf(v) })}
                  onClick={() => remove(v)}
                >
                  <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2">
                    <path d="M4 4l8 8M12 4l-8 8" />
                  </svg>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-muted">{words.nothingChosen}</p>
      )}
      {readOnly ? null : (
        <div className="relative">
          <input
            id={id}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={activeOption ? `${id}-option-${activeOption.value}` : undefined}
            autoComplete="off"
            className={input}
            placeholder={words.placeholder}
            value={text}
            disabled={full}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              ask(e.target.value);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
            onFocus={() => setOpen(true)}
            aria-invalid={invalid || undefined}
            aria-describedby={described}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={label}
            hidden={!expanded}
            className="absolute z-10 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-line bg-white py-1 shadow-lg"
          >
            {shown.map((o, i) => (
              <li
                key={o.value}
                id={`${id}-option-${o.value}`}
                role="option"
                aria-selected={i === active}
                className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-brand-50' : ''}`}
                // Picked before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  add(o);
                }}
                onMouseEnter={() => setActive(i)}
              >
                {o.label}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p id={statusId} role="status" className="mt-1 text-sm text-muted">
        {statusText}
        <span className="sr-only"> {said}</span>
      </p>
      {namesFailed ? (
        <p id={namesFailedId} role="alert" className="mt-1 text-sm font-semibold text-danger">
          {words.namesFailed}
        </p>
      ) : null}
      <FieldErrors id={errorId} messages={invalid ? [...(own ?? []), ...partMessages] : undefined} />
    </div>
  );
}

/**
 * One child of the row another field names (a building of the item's project, issue #42): a select of that row's
 * children by their names, asked for once that field is chosen and again when it changes; disabled until then, saying
 * which field to choose first; a list that fails to load says so. A chosen value the list has not (yet) is shown by
 * its number; changing the other field clears it (FieldList), so it never names another row's child.
 */
export function ScopedSelectInput({ spec, value, onChange, messages, search, siblings, readOnly, id, label, own, errorId, describe }: InputProps) {
  const words = messages.picker;
  const source = spec.type === 'reference' ? spec.source : '';
  const scope = spec.type === 'reference' ? spec.scope : undefined;
  const raw = scope ? siblings?.[scope] : undefined;
  const parent = raw === null || raw === undefined || raw === '' ? null : String(raw);
  const [loaded, setLoaded] = useState<{ parent: string; options: Option[]; failed?: true } | null>(null);
  useEffect(() => {
    if (!search || parent === null) return;
    let live = true;
    search(source, { project: parent })
      .then((found) => {
        if (live) setLoaded({ parent, options: found });
      })
      .catch(() => {
        if (live) setLoaded({ parent, options: [], failed: true });
      });
    return () => {
      live = false;
    };
  }, [search, source, parent]);
  const options = loaded && loaded.parent === parent ? loaded.options : [];
  const failed = Boolean(loaded?.failed && loaded.parent === parent);
  const current = value === null || value === undefined ? '' : String(value);
  const all = current && !options.some((o) => o.value === current) ? [...options, { value: current, label: `#${current}` }] : options;
  const numeric = spec.type === 'reference' && !spec.codes;
  const hintId = `${id}-hint`;
  const first = parent === null && scope ? fill(words.chooseFirst, { field: fieldLabel(messages, scope) }) : null;
  const failedId = `${id}-failed`;
  const described = [describe['aria-describedby'], first ? hintId : null, failed ? failedId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        name={spec.name}
        className={input}
        value={current}
        disabled={readOnly || parent === null}
        onChange={(e) => onChange(e.target.value === '' ? null : numeric ? Number(e.target.value) : e.target.value)}
        aria-invalid={describe['aria-invalid']}
        aria-describedby={described}
      >
        <option value="">{words.choose}</option>
        {all.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {first ? (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {first}
        </p>
      ) : null}
      {failed ? (
        <p id={failedId} role="alert" className="mt-1 text-sm font-semibold text-danger">
          {words.listFailed}
        </p>
      ) : null}
      <FieldErrors id={errorId} messages={own} />
    </div>
  );
}
