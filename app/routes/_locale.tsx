import { Outlet } from 'react-router';

/** The `/en`, `/zh`, `/ru` prefix: the locale itself is read from the path by the root loader. */
export default function LocalePrefix() {
  return <Outlet />;
}
