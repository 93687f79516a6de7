import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { reportingPreloadErrors } from './preload-error';

/** React.lazy for a named export, with chunk failures reported as preload errors (spec 000 §8). */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(reportingPreloadErrors(() => load().then((module) => ({ default: module[name] }))));
}
