import { RequestButton as LeadRequestButton } from '#app/components/forms/request-form.tsx';
import type { ButtonSize, ButtonVariant } from '#app/components/ui/button.tsx';

/**
 * The catalogue's "request" button: the lead form in a modal, carrying the project and lot it was sent
 * from, so the sales team knows what the visitor was looking at.
 */
export function RequestButton({
  children,
  variant = 'primary',
  size = 'lg',
  className = '',
  projectId,
  lotId,
  dialogId,
  opens,
  title,
}: {
  children: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  projectId?: string | undefined;
  lotId?: string | undefined;
  /** A fixed id for the form's dialog, so another button on the page can open it too. */
  dialogId?: string | undefined;
  /** The `dialogId` of this form rendered by another button of the page: this one only opens it. */
  opens?: string | undefined;
  /** The form's heading (the lot page names its lot); the lead's project and lot references are `projectId`/`lotId` either way. */
  title?: string | undefined;
}) {
  // The CRM numbers projects; a shared project's non-numeric id travels as the page URL instead.
  const project = projectId && /^\d+$/.test(projectId) ? Number(projectId) : null;
  return (
    <LeadRequestButton
      label={children}
      variant={variant}
      size={size}
      className={className}
      topic={lotId ? 'lot' : 'consultation'}
      context={{ project, lot: lotId ?? null }}
      dialogId={dialogId}
      opens={opens}
      title={title}
    />
  );
}
