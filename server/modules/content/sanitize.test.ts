import { describe, expect, it } from 'vitest';
import { blocksToHtml } from '#core/content/rich-text.ts';
import { sanitizeRichText } from './sanitize.ts';

describe('sanitizeRichText', () => {
  it('keeps the elements the public pages style', () => {
    const html =
      '<h2>Terms</h2><p>A <strong>bold</strong>, <em>slanted</em>, <s>old</s> and <u>marked</u> word<br />and a line</p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote><h3>Sub</h3>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts with their content, event handlers, styles and unknown elements', () => {
    const out = sanitizeRichText(
      '<p onclick="steal()" style="color:red" class="x">Hi<script>alert(1)</script><img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe><svg onload=alert(1)></svg></p><style>p{}</style>',
    );
    expect(out).toBe('<p>Hi</p>');
  });

  it('drops javascript:, data: and protocol-relative links, however written', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
  });

  it('keeps site paths, mail and phone links; other sites open in a new tab without the opener', () => {
    expect(sanitizeRichText('<a href="/news/x" target="_top">in</a>')).toBe('<a href="/news/x">in</a>');
    expect(sanitizeRichText('<a href="mailto:sales@example.com">m</a><a href="tel:+74950000000">t</a>')).toBe(
      '<a href="mailto:sales@example.com">m</a><a href="tel:+74950000000">t</a>',
    );
    expect(sanitizeRichText('<a href="https://bank.example/rates">out</a>')).toBe(
      '<a href="https://bank.example/rates" target="_blank" rel="noopener noreferrer">out</a>',
    );
  });

  it('is stable: cleaning clean HTML changes nothing (a body read back is the body saved)', () => {
    const once = sanitizeRichText('<p>a <a href="https://x.example">b</a> &amp; &lt;c&gt;</p>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe('blocksToHtml', () => {
  it('writes the demo blocks as rich text, escaping their text', () => {
    expect(
      blocksToHtml([
        { type: 'h2', text: 'Terms & <conditions>' },
        { type: 'p', text: 'A "quoted" word' },
        { type: 'ul', items: ['one', 'two'] },
        { type: 'button', text: 'Go', href: '/filter?type=flat&project=2' },
      ]),
    ).toBe(
      '<h2>Terms &amp; &lt;conditions&gt;</h2><p>A &quot;quoted&quot; word</p><ul><li>one</li><li>two</li></ul><p><a href="/filter?type=flat&amp;project=2">Go</a></p>',
    );
  });
});
