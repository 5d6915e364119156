import { lazy, type ComponentType } from 'react';

/**
 * A component whose module loads on its first render (React.lazy). `preload` starts that load
 * earlier, say when a pointer or the focus reaches the button that will show it; a failed preload is
 * left to the render's own load, which reports it.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Component = lazy(async () => ({ default: await load() }));
  const preload = () => {
    load().catch(() => undefined);
  };
  return Object.assign(Component, { preload });
}
