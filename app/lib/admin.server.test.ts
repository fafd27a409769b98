import { describe, expect, it } from 'vitest';
import { afterSignIn } from './admin.server.ts';

describe('afterSignIn', () => {
  it('goes back to the back-office page that sent the visitor, and nowhere else', () => {
    expect(afterSignIn('/admin/leads?form=request')).toBe('/admin/leads?form=request');
    expect(afterSignIn('/admin')).toBe('/admin');
    for (const elsewhere of [
      null,
      '',
      'https://evil.example/admin',
      '//evil.example/admin',
      '/administrator',
      '/admin/login?next=/admin',
      '/ru/projects',
      '/admin\\evil',
    ])
      expect(afterSignIn(elsewhere), String(elsewhere)).toBe('/admin');
  });
});
