import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** `React.lazy` for a module with a named export: `lazyPage(() => import('./routes/x-page'), 'XPage')`. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
