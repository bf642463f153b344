import type { HTMLAttributes } from 'react';

/**
 * What a person typed (a phone's name, a place, a name, a reason), shown inside the page's own words: marked
 * translate="no", so a browser's translator leaves it as written and the language sweep does not count it as the
 * page's English. Use it as a value of `t.rich` to mark it inside a sentence.
 */
export function UserText(props: HTMLAttributes<HTMLSpanElement>) {
  return <span translate="no" {...props} />;
}
