import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { htmlToElement, renderPage, styleObject } from './react-floor.ts';

function render(html: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    sink.on('error', reject);
    renderPage(htmlToElement(html), sink);
  });
}

describe("React's floor", () => {
  it('renders a page React wrote back to the same HTML', async () => {
    const page =
      '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Flats &amp; rooms</title>' +
      '<link rel="alternate" hrefLang="ru" href="/"/><style>a>b{color:red}</style></head>' +
      '<body><div class="card" style="--gap:4px;background-color:red" hidden=""><label for="q">Search</label>' +
      '<input id="q" required="" name="q" value="a &quot;b&quot;"/><select name="s"><option value="1">One</option>' +
      '<option value="2" selected="">Two</option></select><textarea name="t">Hi</textarea>' +
      '<p>Price <!-- -->12 000 ₽</p><svg viewBox="0 0 24 24" aria-hidden="true"><path stroke-width="2" d="M0 0"></path></svg>' +
      '<a tabindex="-1" href="/en">en</a></div><script>window.x = 1 < 2 && "</p>";</script></body></html>';
    expect(await render(page)).toBe(page);
  });

  it("turns a style attribute into React's style object", () => {
    expect(styleObject('--gap: 4px; background-color:red;-webkit-line-clamp:2;-ms-flex:1')).toEqual({
      '--gap': '4px',
      backgroundColor: 'red',
      WebkitLineClamp: '2',
      msFlex: '1',
    });
  });
});
