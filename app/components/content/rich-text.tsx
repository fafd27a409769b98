/**
 * A publication's body: rich text the server has already cleaned to core/content/rich-text.ts's elements
 * (server/modules/content/sanitize.ts, when saved and again when read), so it is rendered as HTML. The styles are those
 * of the editorial blocks (blocks.tsx) and of the back office's editor, which shows the same classes.
 */
export const RICH_TEXT_CLASS = [
  'space-y-5 text-[1.05rem] leading-relaxed text-ink/90',
  '[&_h2]:pt-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-ink',
  '[&_h3]:pt-2 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-ink',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ul]:marker:text-brand-500',
  '[&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-4 [&_blockquote]:italic',
].join(' ');

export function RichText({ html }: { html: string }) {
  return <div className={RICH_TEXT_CLASS} dangerouslySetInnerHTML={{ __html: html }} />;
}
