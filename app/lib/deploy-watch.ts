/** How often the browser asks whether a new version of the site is deployed. */
export const DEPLOY_POLL_MS = 5 * 60 * 1000;

type Manifest = { version?: string };

/**
 * Polls `/builds/latest.json?{now}`; once its id differs from the build this page runs, `isStale()` is true
 * and the app makes its next navigation a full page load (new chunks, no broken lazy imports).
 * Failures go to the console only (spec §8).
 */
export function watchDeploys(fetchImpl: typeof fetch = fetch): { isStale: () => boolean; stop: () => void } {
  const current = (window as unknown as { __reactRouterManifest?: Manifest }).__reactRouterManifest?.version;
  let stale = false;
  async function check(): Promise<void> {
    if (stale || !current) return;
    try {
      const response = await fetchImpl(`/builds/latest.json?${Date.now()}`, { cache: 'no-store' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const latest = (await response.json()) as { id?: string };
      if (latest.id && latest.id !== current) stale = true;
    } catch (error) {
      console.info('deploy check failed', error);
    }
  }
  const timer = window.setInterval(check, DEPLOY_POLL_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  document.addEventListener('visibilitychange', onVisible);
  // Its code comes after hydration (app/root.tsx): monitoring and the browser tests can tell it is watching.
  document.documentElement.dataset.deployWatch = 'on';
  return {
    isStale: () => stale,
    stop: () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      delete document.documentElement.dataset.deployWatch;
    },
  };
}
