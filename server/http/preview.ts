import type { FastifyRequest } from 'fastify';
import { mayEnter } from '#core/admin/roles.ts';
import { readPreview, type PreviewRequest } from '#core/content/preview.ts';
import type { StaffService } from '../modules/staff/service.ts';

/**
 * What a preview's answer says, whoever asked (issue #42, ADR 042): kept by no cache (not this process's page cache,
 * not a CDN, not the browser's back-forward copy), indexed by no crawler.
 */
export const PREVIEW_HEADERS = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow, noarchive' } as const;

/** Whether a page request asks for a preview (`?preview=news:12`): such a request never meets the page cache. */
export function asksPreview(url: string): boolean {
  return readPreview(url) !== null;
}

/**
 * The preview a page request asks for, when the one asking is a member of staff who may edit content (ADR 025's
 * `content` area); null for anyone else, who gets the public page as it is.
 */
export async function previewFor(request: FastifyRequest, staff: StaffService): Promise<PreviewRequest | null> {
  const asked = readPreview(request.url);
  if (!asked) return null;
  const member = await staff.fromHeaders(request.headers);
  return member && mayEnter(member.role, 'content') ? asked : null;
}
