/**
 * The back office's rich-text editor (Tiptap 3 on ProseMirror), loaded only when a form with rich text opens
 * (`React.lazy` in content-form.tsx): the public site never downloads it. It offers exactly the elements the
 * server keeps and the public pages style (core/content/rich-text.ts); the server cleans what it sends anyway.
 */
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Heading3, Italic, Link, List, ListOrdered, Redo2, Strikethrough, TextQuote, Undo2, type LucideIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { AdminContentMessages } from '#core/admin/messages.ts';
import { RICH_TEXT_SCHEMES } from '#core/content/rich-text.ts';
import { RICH_TEXT_CLASS } from '#app/components/content/rich-text.tsx';

type Props = {
  value: string;
  onChange: (html: string) => void;
  /** The id of the element naming the editor (its language's label). */
  labelledBy: string;
  describedBy?: string;
  invalid: boolean;
  messages: AdminContentMessages;
};

export default function RichTextEditor({ value, onChange, labelledBy, describedBy, invalid, messages }: Props) {
  const editor = useEditor({
    immediatelyRender: false,
    // No <style> element of its own (the CSP admits none): the few rules it needs are classes below.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: [...RICH_TEXT_SCHEMES], defaultProtocol: 'https' },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: `${RICH_TEXT_CLASS} min-h-48 whitespace-pre-wrap break-words rounded-b-xl border border-line bg-white px-4 py-3 focus:outline-2 focus:outline-brand-500`,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  if (!editor) return <p className="min-h-48 rounded-xl border border-line px-4 py-3 text-muted">{messages.editor.loading}</p>;
  return (
    <div>
      <Toolbar editor={editor} messages={messages} />
      <EditorContent editor={editor} />
    </div>
  );
}

/** The toolbar's icons: SVG (Lucide), drawn the same with any font; each button is named by its hidden text and title. */
const ICON = { 'aria-hidden': true, focusable: false, className: 'mx-auto size-4.5', strokeWidth: 2 } as const;

function Toolbar({ editor, messages }: { editor: Editor; messages: AdminContentMessages }) {
  const words = messages.editor;
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const toggles: { key: keyof typeof state & keyof typeof words; icon: LucideIcon; run: () => void }[] = [
    { key: 'bold', icon: Bold, run: () => chain().toggleBold().run() },
    { key: 'italic', icon: Italic, run: () => chain().toggleItalic().run() },
    { key: 'strike', icon: Strikethrough, run: () => chain().toggleStrike().run() },
    { key: 'h2', icon: Heading2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', icon: Heading3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bulletList', icon: List, run: () => chain().toggleBulletList().run() },
    { key: 'orderedList', icon: ListOrdered, run: () => chain().toggleOrderedList().run() },
    { key: 'blockquote', icon: TextQuote, run: () => chain().toggleBlockquote().run() },
  ];
  const button =
    'grid min-h-9 min-w-9 place-items-center rounded-lg px-2 text-sm font-semibold hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-40';
  return (
    <div role="toolbar" aria-label={words.toolbar} className="flex flex-wrap gap-0.5 rounded-t-xl border border-b-0 border-line bg-brand-50 p-1">
      {toggles.map((t) => (
        <button
          key={t.key}
          type="button"
          className={`${button} aria-pressed:bg-brand-100`}
          aria-pressed={state[t.key] as boolean}
          title={words[t.key]}
          // A mouse press keeps the caret in the text (the next keystroke types there, not on this button).
          onMouseDown={(event) => event.preventDefault()}
          onClick={t.run}
        >
          <t.icon {...ICON} />
          <span className="sr-only">{words[t.key]}</span>
        </button>
      ))}
      <LinkButton editor={editor} active={state.link} className={`${button} aria-pressed:bg-brand-100`} messages={messages} />
      <button type="button" className={button} title={words.undo} disabled={!state.undo} onClick={() => chain().undo().run()}>
        <Undo2 {...ICON} />
        <span className="sr-only">{words.undo}</span>
      </button>
      <button type="button" className={button} title={words.redo} disabled={!state.redo} onClick={() => chain().redo().run()}>
        <Redo2 {...ICON} />
        <span className="sr-only">{words.redo}</span>
      </button>
    </div>
  );
}

/** A link's address, asked in a real dialog (`<dialog>`, focus trapped and returned by the browser). */
function LinkButton({ editor, active, className, messages }: { editor: Editor; active: boolean; className: string; messages: AdminContentMessages }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [href, setHref] = useState('');
  const id = useId();
  const words = messages.editor;
  return (
    <>
      <button
        type="button"
        className={className}
        aria-pressed={active}
        title={words.link}
        onClick={() => {
          setHref((editor.getAttributes('link').href as string | undefined) ?? '');
          dialog.current?.showModal();
        }}
      >
        <Link {...ICON} />
        <span className="sr-only">{words.link}</span>
      </button>
      <dialog ref={dialog} aria-labelledby={`${id}-title`} className="m-auto w-[min(100%-2rem,28rem)] rounded-2xl p-6 text-ink shadow-2xl">
        <form
          method="dialog"
          onSubmit={() => {
            const chain = editor.chain().focus().extendMarkRange('link');
            if (href.trim()) chain.setLink({ href: href.trim() }).run();
            else chain.unsetLink().run();
          }}
        >
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {words.link}
          </h2>
          <label htmlFor={`${id}-href`} className="mt-4 block text-sm">
            {words.linkPrompt}
          </label>
          <input
            id={`${id}-href`}
            type="text"
            inputMode="url"
            value={href}
            onChange={(e) => setHref(e.target.value)}
            className="mt-1 w-full rounded-lg border border-line px-3 py-2"
          />
          <div className="mt-4 flex justify-end gap-2">
            <button type="button" className="rounded-full px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50" onClick={() => dialog.current?.close()}>
              {words.cancel}
            </button>
            <button type="submit" className="rounded-full bg-brand-700 px-4 py-2 font-semibold text-white">
              {words.apply}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
