/**
 * The browser tab's title for the page that renders it: "My Orders · PhoneHaat". React hoists it into
 * <head> ahead of index.html's own title, and removes it when the page goes, so the site's title returns.
 */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} · PhoneHaat`}</title>;
}
