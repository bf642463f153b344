// Components most pages never show, loaded when first shown with their words (issue 48's JS budget): a slice's forms
// for a phone number or a courier address, say. `load` loads them (once); the shell's server awaits it before it
// renders, so a page it composes has them whole in its HTML, and the browser hydrates them once their chunk has come
// (their Suspense boundary keeps the server's HTML till then). Until then a browser shows a placeholder of their height.
import { lazy, Suspense, type ComponentType } from 'react';
import { currentLanguage, loadCatalogs } from '../i18n/runtime';
import { Skeleton } from '../skeleton/skeleton';

/**
 * A thenable that answers at once: React.lazy then renders the module in the same pass (as a server render needs, and
 * as parts already loaded should), where a resolved promise would still suspend once.
 */
const settled = <T,>(value: T) => ({ then: (resolve: (value: T) => void) => resolve(value) }) as unknown as Promise<T>;

export function lazyParts<Parts>(importParts: () => Promise<Parts>) {
  let parts: Parts | undefined;
  let loading: Promise<Parts> | undefined;

  /** Loads the parts and their words in the page's language, once (a failure is tried again by the next part shown). */
  const load = (): Promise<Parts> => {
    loading ??= importParts().then(async (module) => {
      await loadCatalogs(currentLanguage());
      parts = module;
      return module;
    });
    loading.catch(() => (loading = undefined));
    return loading;
  };

  /**
   * One of the parts, as a component that loads them when first rendered, a placeholder of `height` pixels meanwhile
   * (0: nothing, for a part that shows nothing until asked, as a closed dialog).
   */
  const part = <Props extends object>(name: string, pick: (module: Parts) => ComponentType<Props>, height: number) => {
    const Lazy = lazy(() => (parts ? settled({ default: pick(parts) }) : load().then((module) => ({ default: pick(module) })))) as unknown as ComponentType<Props>;
    const Part = (props: Props) => (
      <Suspense fallback={height === 0 ? null : <Skeleton height={height} />}>
        <Lazy {...props} />
      </Suspense>
    );
    Part.displayName = name;
    return Part;
  };

  return { load, part };
}
