/**
 * Runs `task` after the page's load event, when the browser is idle (at most `timeout` ms later): what the first
 * screen does not need — SDKs, counters, the web vitals — costs it nothing. Returns a function that cancels it.
 */
export function afterLoadIdle(task: () => void, timeout = 5_000): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) task();
  };
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout });
    else setTimeout(run, 1);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
  };
}
