// Links in a message (issue 70): any address that is not PhoneHaat's own is one to be wary of, and a lookalike of
// PhoneHaat, bKash, Nagad or a courier most of all. Read on the normalized text (lookalike letters already undone).

/** A host name with a top-level domain people are sent to, with or without its scheme; never an e-mail address. */
const LINK = /(?<![@\w.-])(?:https?:\/\/)?((?:[a-z0-9-]+\.)+(?:com|net|org|xyz|top|site|online|info|link|shop|bd|live|app|click|me|io|co|store|win|vip|icu|buzz|cc|ly|gl|ru|in|pw|tk|ml|ga|cf|gq|page|web|website|biz|club))(?::\d+)?(?:[/?#]\S*)?/g;

/** The hosts of the links in `text`. */
export function linkHosts(text: string): string[] {
  return [...text.matchAll(LINK)].map((match) => match[1]!);
}

/** Whether `host` is one of `own` (or a name under one). */
export const isOwnHost = (host: string, own: readonly string[]) => own.some((mine) => host === mine || host.endsWith(`.${mine}`));
