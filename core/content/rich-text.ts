/**
 * Rich text (publication bodies): HTML restricted to what the public pages style. The back office's editor
 * (Tiptap, app/components/admin/rich-text-editor.tsx) offers exactly these elements, the server keeps only
 * them (server/modules/content/sanitize.ts, sanitize-html), and the public pages render the stored, cleaned HTML
 * (app/components/content/rich-text.tsx). One list, so the three cannot drift.
 */
import type { Block } from '../schemas/localized.ts';

export const RICH_TEXT_TAGS = ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 's', 'u', 'a', 'br', 'blockquote'] as const;
/** Attributes kept per element; `rel` and `target` on links are set by the sanitiser, never taken as written. */
export const RICH_TEXT_ATTRIBUTES: Record<string, string[]> = { a: ['href'] };
/** Link schemes kept (relative links to our own pages are kept too); `javascript:` and `data:` never are. */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
/** The longest body kept per language (characters of HTML). */
export const RICH_TEXT_MAX_LENGTH = 100_000;

const escapeHtml = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * Editorial blocks (the demo content's way of writing a body) as rich-text HTML; migration 0022 turns the
 * bodies stored as blocks into HTML the same way.
 */
export function blocksToHtml(blocks: readonly Block[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'h2':
          return `<h2>${escapeHtml(block.text)}</h2>`;
        case 'p':
          return `<p>${escapeHtml(block.text)}</p>`;
        case 'ul':
          return `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
        case 'button':
          return `<p><a href="${escapeHtml(block.href)}">${escapeHtml(block.text)}</a></p>`;
      }
    })
    .join('');
}

/** Whether a body has no text at all (`<p></p>` is what an emptied editor leaves). */
export function isEmptyRichText(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').trim() === '';
}
