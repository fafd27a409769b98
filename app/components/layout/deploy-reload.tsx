import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';
import { watchDeploys } from '#app/lib/deploy-watch.ts';

/** After a new deploy, the next navigation loads the page from the server instead of stale chunks. */
export function DeployReload() {
  const watch = useRef<ReturnType<typeof watchDeploys> | null>(null);
  const navigation = useNavigation();
  useEffect(() => {
    watch.current = watchDeploys();
    return () => watch.current?.stop();
  }, []);
  useEffect(() => {
    if (navigation.state === 'loading' && watch.current?.isStale()) {
      const { pathname, search, hash } = navigation.location;
      window.location.assign(pathname + search + hash);
    }
  }, [navigation.state, navigation.location]);
  return null;
}
