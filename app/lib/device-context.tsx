import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { deviceBreakpoint, type DeviceBreakpoint } from '#core/breakpoints.ts';
import type { DeviceState } from '#core/device.ts';
import { readDocumentCookie, RETIRED_COOKIES, writeDocumentCookie } from '#core/http/cookies.ts';

const DeviceContext = createContext<DeviceState | null>(null);

/** Spec §9: resize handlers are throttled at 100 ms. */
const RESIZE_THROTTLE_MS = 100;

/**
 * The visitor's device as the server saw it, for every component. After hydration the breakpoint is measured from
 * the real viewport, and again when a resize crosses a breakpoint — as a transition, since every image re-renders.
 * No format test and no cookie: the image proxy answers each picture in a format its own request accepts.
 */
export function DeviceProvider({ value, children }: { value: DeviceState; children: ReactNode }) {
  // The measured breakpoint as JSON: a string the same as the last one is no change to React (no render at all).
  const [measured, setMeasured] = useState<string | undefined>(undefined);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      timer = undefined;
      const next = JSON.stringify(deviceBreakpoint(window.innerWidth, true));
      startTransition(() => setMeasured(next));
    };
    const onResize = () => {
      timer ??= setTimeout(measure, RESIZE_THROTTLE_MS);
    };
    measure();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      if (timer) clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    // The WebP test's cookie changed nothing any more and kept such browsers' pages out of shared caches (ADR 035).
    if (readDocumentCookie(RETIRED_COOKIES.webp) !== null) writeDocumentCookie(RETIRED_COOKIES.webp, '');
  }, []);

  const device = useMemo(() => (measured === undefined ? value : { ...value, breakpoint: JSON.parse(measured) as DeviceBreakpoint }), [value, measured]);
  return <DeviceContext.Provider value={device}>{children}</DeviceContext.Provider>;
}

export function useDevice(): DeviceState {
  const device = useContext(DeviceContext);
  // The root layout provides it; a short message, since it ships in every page's code.
  if (!device) throw new Error('useDevice() must be called inside <DeviceProvider>');
  return device;
}
