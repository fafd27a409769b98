/**
 * What the content form's fields share (../content-form.tsx): their props, classes, labels and error lines.
 */
import type { FieldSpec } from '#core/admin/form.ts';
import type { AdminContentMessages } from '#core/admin/messages.ts';
import type { BrowseMedia } from './media-picker.tsx';

export type Values = Record<string, unknown>;
export type Errors = Record<string, string[]>;
export type Option = { value: string; label: string };
export type ImageValue = { src: string; width: number; height: number; mediaId?: number };
/**
 * The choices of a searched source: those whose names or numbers hold the words of `q`, those of `ids` (to name them),
 * or all the children of `project` (a project's buildings).
 */
export type SearchChoices = (source: string, query: { q: string } | { ids: string[] } | { project: string }) => Promise<Option[]>;

export type FieldProps = {
  spec: FieldSpec;
  value: unknown;
  errors: Errors;
  onChange: (value: unknown) => void;
  messages: AdminContentMessages;
  options: Record<string, Option[]>;
  thumbnails: Record<string, string>;
  upload: (file: File) => Promise<{ image: ImageValue; thumbnail: string } | { error: string }>;
  /** The media library's pictures matching some words (the picker); without it, pictures are only uploaded. */
  browse?: BrowseMedia;
  /** The searched sources' choices (lots, buildings: issue #42); without it, their pickers only show what is chosen. */
  search?: SearchChoices;
  /** The values of the object the field is in (a building's field reads its project's). */
  siblings?: Values;
  /** Shown but not changed (an item's own key once it exists). */
  readOnly?: boolean;
  /** The interface's language: dates and numbers are written and read in it (issue #42); Russian when not said. */
  locale?: string;
};

/**
 * What the form's one field gives the input it draws: the input's id, its label, its own messages and the ARIA
 * attributes that tie them to it.
 */
export type InputProps = FieldProps & {
  id: string;
  label: string;
  own: string[] | undefined;
  errorId: string;
  describe: { 'aria-describedby'?: string; 'aria-invalid'?: true };
};

export const input = 'mt-1 w-full rounded-lg border border-line bg-white px-3 py-2 aria-invalid:border-danger';
export const labelClass = 'block text-sm font-semibold';

/** A field's name without its items' numbers (`cards.0.title` → `cards.title`). */
const fieldPath = (name: string) =>
  name
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join('.');
/** A field's own name, the last of its path (`cards.0.title` → `title`). */
export const leafName = (name: string) => fieldPath(name).split('.').pop() ?? name;

/** A field's words: its path's own (`hero.cta`), else its name's (`title`), whatever list item it is in. */
export const fieldLabel = (messages: AdminContentMessages, name: string) =>
  messages.fields[name] ?? messages.fields[fieldPath(name)] ?? messages.fields[leafName(name)] ?? name;

/** The messages of a field (and of its parts: `title.en`), each with its id for `aria-describedby`. */
export function FieldErrors({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-danger">
      {messages.join(' ')}
    </p>
  );
}

/** Errors of a field's parts (`phones.1`, `schedule.2.closes`), by the part's path after the field's name. */
export function partErrors(errors: Errors, name: string): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (k.startsWith(`${name}.`) ? [[k.slice(name.length + 1), v]] : [])));
}
