import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '#core/content/rich-text.ts';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: RICH_TEXT_ATTRIBUTES,
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Scripts and styles go with their content; any other element not allowed leaves its text behind.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links to other sites open in a new tab without handing it this page (`noopener`), and say nothing of us.
    a: (tagName, written) => {
      const href = written.href ?? '';
      const external = /^https?:/i.test(href);
      const attribs: Record<string, string> = external ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };
      return { tagName, attribs };
    },
  },
};
// The attributes the transform adds must survive the allow-list that runs after it.
OPTIONS.allowedAttributes = { ...RICH_TEXT_ATTRIBUTES, a: [...(RICH_TEXT_ATTRIBUTES.a ?? []), 'target', 'rel'] };

/**
 * Rich text as the public pages may render it (ADR 026): only core/content/rich-text.ts's elements and link
 * schemes survive; scripts, event handlers, styles, `javascript:`/`data:` links and unknown elements do not.
 * Applied when a body is saved and again when the site reads it (rows written by SQL or an import are cleaned too).
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
