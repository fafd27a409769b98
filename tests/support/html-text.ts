import { Window } from 'happy-dom';

/**
 * The text a reader sees in a server-rendered page: parsed as HTML (happy-dom, so every entity is decoded as a browser
 * would), without scripts, styles, templates or JSON-LD, each element's text kept apart from its neighbour's by a space.
 * Spaces are kept as written (a no-break space stays one: «4,1 %» is how Russian writes a percentage).
 */
export function visibleText(html: string): string {
  const window = new Window();
  try {
    const document = new window.DOMParser().parseFromString(html, 'text/html');
    for (const hidden of document.querySelectorAll('script, style, template, noscript')) hidden.remove();
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body ?? document.documentElement, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? '');
    return parts.join(' ');
  } finally {
    void window.happyDOM.close();
  }
}
