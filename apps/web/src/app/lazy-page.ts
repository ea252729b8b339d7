import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A lazily loaded page that can also be asked for ahead of its first render. */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Downloads the page's code now (once); resolves when it is ready. A failure lets a later call try again. */
  preload: () => Promise<ComponentType>;
};

/**
 * `React.lazy` for a module with a named export: `lazyPage(() => import('./routes/x-page'), 'XPage')`. A page whose
 * code is already here (preloaded) renders at once, without showing its Suspense fallback for a frame.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module[name] as ComponentType;
        return loaded;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Page = lazy(() => {
    const ready = loaded;
    if (ready) {
      // A thenable that answers synchronously: React.lazy takes the component in the same render.
      // biome-ignore lint/suspicious/noThenProperty: a synchronous thenable is the point (see above).
      const now = { then: (resolve: (m: { default: ComponentType }) => void) => resolve({ default: ready }) };
      return now as unknown as Promise<{ default: ComponentType }>;
    }
    return preload().then((component) => ({ default: component }));
  });
  return Object.assign(Page, { preload });
}
