import { dialogOpenedFrom } from '#app/components/ui/dialog.tsx';

/**
 * What the visitor did in a deferred part's server HTML before its code came (app/lib/deferred.tsx), carried over to
 * the part's own markup: open dialogs, fields' values and choices, the focused field. Loaded with the part's code.
 */

/**
 * A form as the server's HTML has it: where it posts and its hidden fields that have a value (not the CSRF token's,
 * empty there). The part renders them alike (an address in a field: app/lib/here.ts).
 */
export type FormSignature = { action: string; fields: [string, string][] };

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type ControlState = { selector: string; value: string | null; checked: boolean | null; focused: boolean };
/** The focused link or button, by its place among the part's focusable elements (the part renders the same ones). */
type FocusState = { focusIndex: number };
export type VisitorState = ControlState | FocusState;

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

/**
 * A control's address in the part's markup: its name (and value, for a choice among several), else its id (an id
 * made by `useId` differs between the server's render and the browser's).
 */
function controlSelector(control: Control): string | null {
  if (!control.name) return control.id ? `#${CSS.escape(control.id)}` : null;
  const name = `[name="${CSS.escape(control.name)}"]`;
  return control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')
    ? `${name}[value="${CSS.escape(control.value)}"]`
    : name;
}

/**
 * What the visitor changed in the server's HTML: open dialogs, fields' values and choices, and what has focus (a
 * field by its name, a link or button by its place), so a keyboard user who had tabbed into a menu stays where they
 * were when its code arrives. `index` counts the focusable elements of the part's earlier nodes.
 */
export function visitorState(node: ChildNode, index: { focusable: number } = { focusable: 0 }): VisitorState[] {
  if (!(node instanceof Element)) return [];
  const out: VisitorState[] = [];
  const focusables = [...(node.matches(FOCUSABLE) ? [node] : []), ...node.querySelectorAll(FOCUSABLE)];
  const active = document.activeElement;
  const place = active && !isControl(active) ? focusables.indexOf(active) : -1;
  if (place >= 0) out.push({ focusIndex: index.focusable + place });
  index.focusable += focusables.length;
  for (const dialog of [...(node.matches('dialog[open]') ? [node] : []), ...node.querySelectorAll('dialog[open]')])
    if (dialog.id) out.push({ selector: `#${CSS.escape(dialog.id)}`, value: null, checked: null, focused: false });
  for (const control of node.querySelectorAll<Control>('input, select, textarea')) {
    const selector = controlSelector(control);
    if (!selector || (control instanceof HTMLInputElement && control.type === 'hidden')) continue;
    const focused = control === document.activeElement;
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (control.checked !== control.defaultChecked || focused) out.push({ selector, value: null, checked: control.checked, focused });
    } else {
      const initial =
        control instanceof HTMLSelectElement ? ([...control.options].find((o) => o.defaultSelected)?.value ?? control.options[0]?.value) : control.defaultValue;
      if (control.value !== initial || focused) out.push({ selector, value: control.value, checked: null, focused });
    }
  }
  return out;
}

function isControl(element: Element): element is Control {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

/** Applies the visitor's changes to the part's own markup, as input the part's code hears (so its state follows). */
export function restoreState(state: VisitorState[], fresh: ChildNode[]): void {
  const find = (selector: string) => {
    for (const node of fresh) {
      if (!(node instanceof Element)) continue;
      const found = node.matches(selector) ? node : node.querySelector(selector);
      if (found) return found;
    }
    return null;
  };
  // Dialogs open first (opening one moves focus into it), then fields, then focus goes back where it was.
  const ordered = [...state].sort((a, b) => Number('focusIndex' in a) - Number('focusIndex' in b));
  for (const item of ordered) {
    if ('focusIndex' in item) {
      const focusables = fresh.flatMap((node) =>
        node instanceof Element ? [...(node.matches(FOCUSABLE) ? [node] : []), ...node.querySelectorAll(FOCUSABLE)] : [],
      );
      const target = focusables[item.focusIndex];
      if (target instanceof HTMLElement) target.focus();
      continue;
    }
    const target = find(item.selector);
    if (target instanceof HTMLDialogElement) {
      // Focus first on what opened it, so closing the dialog gives focus back there, as the first opening did.
      dialogOpenedFrom(target.id)?.focus();
      if (!target.open) target.showModal();
      continue;
    }
    if (!target || !isControl(target)) continue;
    if (item.checked !== null && target instanceof HTMLInputElement && target.checked !== item.checked) target.click();
    if (item.value !== null && target.value !== item.value) {
      // The prototype's setter, so a controlled field's code sees the change in the event that follows.
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target) as object, 'value')?.set?.call(target, item.value);
      target.dispatchEvent(new Event(target instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
    }
    if (item.focused) target.focus();
  }
}

/** The part's own link for one clicked in the server's HTML: the same address and text (else the same address). */
export function findLink(fresh: ChildNode[], href: string, text: string): HTMLAnchorElement | null {
  const links = fresh.flatMap((node) =>
    node instanceof Element
      ? [...(node.matches('a[href]') ? [node] : []), ...node.querySelectorAll('a[href]')].filter((a): a is HTMLAnchorElement => a instanceof HTMLAnchorElement)
      : [],
  );
  const same = links.filter((a) => a.getAttribute('href') === href);
  return same.find((a) => a.textContent === text) ?? same[0] ?? null;
}

/** The part's own form for one sent in the server's HTML: the same address and the same hidden values. */
export function findForm(fresh: ChildNode[], signature: FormSignature): HTMLFormElement | null {
  const forms = fresh.flatMap((node) => (node instanceof Element ? [...(node.matches('form') ? [node] : []), ...node.querySelectorAll('form')] : []));
  const found = forms.find((form) => {
    if (!(form instanceof HTMLFormElement) || (form.getAttribute('action') ?? '') !== signature.action) return false;
    const values = new FormData(form);
    return signature.fields.every(([name, value]) => values.getAll(name).includes(value));
  });
  return found instanceof HTMLFormElement ? found : null;
}
