import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaAlt, type MediaItem } from '#core/admin/media.ts';
import { ADMIN_CONTENT_MESSAGES } from '#core/admin/messages.ts';
import { ImageField } from './image-field.tsx';
import type { ImageValue } from './field-parts.tsx';

/**
 * An image field's media library picker in a DOM: it opens a modal dialog named by its heading, finds pictures by the
 * words typed, and choosing one gives the field the library's picture (its number, path and size) and closes the
 * dialog. (The page made inert, focus kept inside and Escape, which only a browser does: tests/e2e/content/media-library.test.ts.)
 */
afterEach(cleanup);
const messages = ADMIN_CONTENT_MESSAGES.en;
const item = (id: number, fileName: string, alt: MediaItem['alt'] = { ru: 'Двор', en: 'Courtyard', zh: '' }): MediaItem => ({
  id,
  kind: 'photo',
  src: `uploads/aa/${id}.png`,
  width: 800,
  height: 600,
  type: 'image/png',
  bytes: 1000,
  fileName,
  alt,
  focus: null,
  crop: null,
  version: 1,
  updatedAt: '2026-11-30T00:00:00.000Z',
  thumbnail: `/img/_/w:480/plain/uploads/aa/${id}.png@webp`,
});

function Field({ browse, onChange, locale }: { browse: (q: string) => Promise<MediaItem[]>; onChange: (value: ImageValue) => void; locale?: string }) {
  const [value, setValue] = useState<ImageValue | null>(null);
  return (
    <ImageField
      spec={{ name: 'image', type: 'image' }}
      value={value}
      errors={{}}
      messages={messages}
      options={{}}
      thumbnails={{}}
      upload={async () => ({ error: 'no uploads here' })}
      browse={browse}
      label="Picture"
      locale={locale}
      onChange={(next) => {
        setValue(next as ImageValue);
        onChange(next as ImageValue);
      }}
    />
  );
}

describe('the media library picker', () => {
  it('opens a named modal dialog, searches by the words typed, and gives the field the chosen picture', async () => {
    const browse = vi.fn(async (q: string) => (q ? [item(7, 'courtyard.png')] : [item(7, 'courtyard.png'), item(8, 'facade.png')]));
    const onChange = vi.fn();
    render(<Field browse={browse} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /^Choose from the media library ?: Picture$/ }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a picture from the media library' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /\.png Двор$/ })).toHaveLength(2));
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'File name or description' }), { target: { value: 'court' } });
    await waitFor(() => expect(browse).toHaveBeenLastCalledWith('court'));
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /\.png Двор$/ })).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'courtyard.png Двор' }));
    expect(onChange).toHaveBeenCalledWith({ src: 'uploads/aa/7.png', width: 800, height: 600, mediaId: 7 });
    expect((dialog as HTMLDialogElement).open).toBe(false);
  });

  it("shows each picture's alt text in the interface's language, Russian where it has none", async () => {
    const browse = async () => [item(7, 'courtyard.png'), item(8, 'facade.png', { ru: 'Фасад', en: '', zh: '立面' })];
    render(<Field browse={browse} onChange={() => {}} locale="en" />);
    fireEvent.click(screen.getByRole('button', { name: /^Choose from the media library ?: Picture$/ }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a picture from the media library' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'courtyard.png Courtyard' })).toBeTruthy());
    expect(within(dialog).getByRole('button', { name: 'facade.png Фасад' })).toBeTruthy();
    expect(within(dialog).queryByText('Двор')).toBeNull();
  });
});

describe('mediaAlt', () => {
  const alt = { ru: 'Двор', en: 'Courtyard', zh: '' };
  it('is the alt text of the language asked, Russian where that one is empty or unknown', () => {
    expect(mediaAlt(alt, 'en')).toBe('Courtyard');
    expect(mediaAlt(alt, 'zh')).toBe('Двор');
    expect(mediaAlt({ ...alt, zh: '庭院' }, 'zh')).toBe('庭院');
    expect(mediaAlt(alt, 'ru')).toBe('Двор');
    expect(mediaAlt(alt, undefined)).toBe('Двор');
  });
});
