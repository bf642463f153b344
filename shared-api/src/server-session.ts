// What the shell's server knows of a returning user it composes a page for (issues 13 and 24, decisions 018 and 019).

/** A returning user a page is rendered for (decision 018), from the session cookie the browser sent. */
export interface ServerSession {
  /** The API's access token: the page's data is read with it, so the API decides what they see. */
  token: string;
  email: string;
  name: string;
  role: 'Buyer' | 'Seller' | 'admin';
}
