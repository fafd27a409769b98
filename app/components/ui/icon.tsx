import { ICONS, ICON_NAMES, type IconName } from './icon-paths.ts';

/** The sprite, rendered once per page: every `<Icon>` points into it, so each icon's markup ships once. */
export function IconSprite() {
  const symbols = ICON_NAMES.map((name) => `<symbol id="i-${name}" viewBox="0 0 24 24">${ICONS[name]}</symbol>`).join('');
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className="hidden"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      dangerouslySetInnerHTML={{ __html: symbols }}
    />
  );
}

/** A decorative icon (hidden from assistive technology); give the control around it a label. */
export function Icon({ name, className = 'size-5' }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`#i-${name}`} />
    </svg>
  );
}
