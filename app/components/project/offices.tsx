import type { BookingData } from '#app/components/forms/booking-form.tsx';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { MeetingBooking } from '#app/components/offices/meeting.tsx';
import { OfficeCard, type OfficeShown } from '#app/components/offices/office-card.tsx';
import { useT } from '#app/lib/i18n.tsx';

/**
 * «Офисы продаж»: the sales offices serving the project (the offices table), each with whether it is open now,
 * its hours, phones, directions and "book a meeting" (the meeting form in a dialog, this office and this project
 * chosen).
 */
export function ProjectOffices({ offices, project, booking }: { offices: OfficeShown[]; project: number; booking: BookingData | null }) {
  const t = useT();
  if (!offices.length) return null;
  const list = (
    <Section id="offices" title={t('catalogue.project.offices')}>
      <ul className="grid gap-6 md:grid-cols-2">
        {offices.map((office) => (
          <li key={office.id} className="flex">
            <OfficeCard office={office} project={project} headingLevel={3} showProjects={false} />
          </li>
        ))}
      </ul>
    </Section>
  );
  return booking ? (
    <MeetingBooking booking={booking} project={project}>
      {list}
    </MeetingBooking>
  ) : (
    list
  );
}
