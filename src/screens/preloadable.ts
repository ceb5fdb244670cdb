// A component loaded on demand that renders at once when its code is already there.
//
// React.lazy always suspends on its first render, even when the chunk has arrived, and React 19
// holds a Suspense boundary's content back until 300 ms after its fallback last showed. The
// signed-in screens sit under five lazy levels (antd's root, Refine's shell, the layout, the guard,
// the screen), so a first load waited on that throttle level after level. Here the chunks are
// fetched together (preload) before the first render, and each level then renders without suspending.
import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';

export type Preloadable<P extends object = object> = FunctionComponent<P> & {
  /** Fetches the code once; resolves when the component can render without suspending. */
  preload: () => Promise<ComponentType<P>>;
};

export function preloadable<P extends object = object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed chunk may be asked for again
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloaded(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount it.
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return Object.assign(Preloaded, { preload });
}
