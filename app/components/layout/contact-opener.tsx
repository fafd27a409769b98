import { dialogOpener } from '#app/components/ui/dialog.tsx';
import { deferredPart } from '#app/lib/deferred.tsx';
import type { PublicSettings } from '#server/modules/content/settings.ts';

export const CONTACT_DIALOG_ID = 'contact-dialog';

/**
 * The contact modal (./contact-dialog.tsx) is in every page's HTML — its openers and its form work without
 * JavaScript — but its code (the form's and, on first use, the validation's) loads when a visitor is about to open it
 * (ADR 027), not with the page.
 */
const contactDialog = deferredPart<{ id: string; settings: PublicSettings }>(() => import('./contact-dialog.tsx').then((m) => m.ContactDialog));

export function ContactDialogPart({ settings }: { settings: PublicSettings }) {
  return <contactDialog.Part id={CONTACT_DIALOG_ID} settings={settings} />;
}

/** Props for a button that opens the contact modal; a pointer over it or focus on it starts loading the modal's code. */
export function contactDialogOpener() {
  return dialogOpener(CONTACT_DIALOG_ID, contactDialog.load);
}
