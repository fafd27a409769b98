import { createContext, use, useCallback, useEffect, useState, type ReactNode } from 'react';
import { BookingForm, type BookingData } from '#app/components/forms/booking-form.tsx';
import { Dialog } from '#app/components/ui/dialog.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';

export const MEETING_DIALOG_ID = 'meeting-dialog';

const MeetingContext = createContext<{ open: (office: number | null) => void } | null>(null);

/**
 * The page's "book a meeting" links open the meeting form in a dialog, with their office chosen and the page's
 * project sent with the lead. Without JavaScript they are links to the form's own page, which works the same way.
 */
export function MeetingBooking({ booking, project, children }: { booking: BookingData | null; project?: number | undefined; children: ReactNode }) {
  // Without the form's data (the free times could not be read), the links lead to the form's own page.
  if (!booking) return children;
  return (
    <MeetingDialog booking={booking} project={project}>
      {children}
    </MeetingDialog>
  );
}

function MeetingDialog({ booking, project, children }: { booking: BookingData; project?: number | undefined; children: ReactNode }) {
  const t = useT();
  const [chosen, setChosen] = useState<{ office: string | undefined; round: number }>({ office: undefined, round: 0 });
  const open = useCallback((office: number | null) => setChosen((c) => ({ office: office === null ? undefined : String(office), round: c.round + 1 })), []);
  useEffect(() => {
    if (!chosen.round) return;
    const dialog = document.getElementById(MEETING_DIALOG_ID) as HTMLDialogElement | null;
    if (dialog && !dialog.open) dialog.showModal();
  }, [chosen]);
  return (
    <MeetingContext value={{ open }}>
      {children}
      <Dialog id={MEETING_DIALOG_ID} title={t('offices.bookTitle')}>
        <p className="text-muted">{t('offices.bookIntro')}</p>
        <div className="mt-5">
          {/* A new form for another office: its own free dates and times. */}
          <BookingForm key={chosen.office ?? 'any'} data={booking} resource={chosen.office} context={project ? { project } : undefined} />
        </div>
      </Dialog>
    </MeetingContext>
  );
}

/** A "book a meeting" link: the form's page without JavaScript, the dialog (with this office chosen) with it. */
export function MeetingLink({
  office,
  project,
  className,
  children,
  label,
}: {
  office?: number | undefined;
  project?: number | undefined;
  className: string;
  children: ReactNode;
  /** The accessible name when the visible words do not say which office. */
  label?: string | undefined;
}) {
  const lp = useLocalePath();
  const meeting = use(MeetingContext);
  const query = new URLSearchParams();
  if (office !== undefined) query.set('office', String(office));
  if (project !== undefined) query.set('project', String(project));
  const href = lp('/forms/meeting') + (query.size ? `?${query.toString()}` : '');
  return (
    <a
      href={href}
      aria-label={label}
      aria-haspopup={meeting ? 'dialog' : undefined}
      className={className}
      onClick={(event) => {
        if (!meeting || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        meeting.open(office ?? null);
      }}
    >
      {children}
    </a>
  );
}
