import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_CONTENT_MESSAGES } from '#core/admin/messages.ts';
import { ApiError } from '#core/http/client.ts';
import { CsvPanel } from './csv-panel.tsx';

/**
 * A list's CSV import (issue #42): what the editor is told after a file went up. The server's judging of the rows is
 * tests/integration/content/csv-import.test.ts; the browser journey tests/e2e/content/admin-csv.test.ts.
 */
afterEach(cleanup);
const file = () => new File(['id,schedule.sun\r\n3,nine to six\r\n'], 'offices.csv', { type: 'application/vnd.ms-excel' });

describe("a list's CSV import", () => {
  it('sends the chosen file as CSV, says what it changed in a status, and reloads the list', async () => {
    const post = vi.fn().mockResolvedValue({ created: 1, updated: 2, unchanged: 3 });
    const onImported = vi.fn().mockResolvedValue(undefined);
    render(<CsvPanel kind="offices" messages={ADMIN_CONTENT_MESSAGES.ru} post={post} onImported={onImported} />);
    expect(screen.getByRole('link', { name: 'Скачать CSV' }).getAttribute('href')).toBe('/api/admin/content/offices/csv/');
    fireEvent.change(screen.getByLabelText('Файл CSV'), { target: { files: [file()] } });
    fireEvent.submit(screen.getByRole('button', { name: 'Загрузить CSV' }).closest('form')!);
    await screen.findByText('Файл загружен: добавлено 1, изменено 2, без изменений 3.');
    expect(screen.getByRole('status').textContent).toBe('Файл загружен: добавлено 1, изменено 2, без изменений 3.');
    expect(post).toHaveBeenCalledWith('/api/admin/content/offices/csv/', expect.any(Blob));
    expect((post.mock.calls[0]![1] as Blob).type).toBe('text/csv');
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('lists each refused row by its line, its number and its fields in the interface’s words, in an alert', async () => {
    const refused = new ApiError({
      message: 'Bad Request',
      status: 400,
      url: '/api/admin/content/offices/csv/',
      method: 'POST',
      data: {
        detail: 'Nothing was changed: 1 row did not pass the checks.',
        rows: [{ line: 3, key: '12', errors: { schedule: ['Hours as 09:00-20:00.'], position: ['A number is needed.'] } }],
      },
    });
    const onImported = vi.fn();
    render(<CsvPanel kind="offices" messages={ADMIN_CONTENT_MESSAGES.en} post={vi.fn().mockRejectedValue(refused)} onImported={onImported} />);
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file()] } });
    fireEvent.submit(screen.getByRole('button', { name: 'Upload CSV' }).closest('form')!);
    await screen.findByText('Nothing was changed: 1 row did not pass the checks.');
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('li')!.textContent).toBe(
      `Line 3 (No. 12): ${ADMIN_CONTENT_MESSAGES.en.fields.schedule} — Hours as 09:00-20:00.; ${ADMIN_CONTENT_MESSAGES.en.fields.position} — A number is needed.`,
    );
    expect(onImported).not.toHaveBeenCalled();
  });
});
