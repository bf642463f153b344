// The contract between a remote's server renderer and the shell's server (issue 13, decision 015).

/** One page of a remote, rendered to HTML: the markup its exposed module renders in the browser. */
export interface RenderedPage {
  html: string;
  /** The build that rendered it (the slot's data-build), as the browser's module would say. */
  buildId: string | undefined;
}

/** A returning user a page is rendered for (decision 018), from the session cookie the browser sent. */
export interface ServerSession {
  /** The API's access token: the page's data is read with it, so the API decides what they see. */
  token: string;
  email: string;
  name: string;
  role: 'Buyer' | 'Seller' | 'admin';
}

export interface RenderRequest {
  module: string;
  url: string;
  /** The shell's route for the address ("/products/:id"), so the page's loader gets its params. */
  pattern?: string;
  /** Absent: a visitor. */
  session?: ServerSession;
}

/** What a remote's server module (`ssr` in its preload.json) exports. */
export interface ServerRenderer {
  /**
   * Renders an exposed page for this address, with its data loaded now (never older than the API's read cache),
   * for a visitor or for the session's user. Undefined when it cannot render it whole (an unknown page, data that
   * failed to load or was refused): the shell then sends the page without it and the browser renders it, as it
   * always could.
   */
  render(request: RenderRequest): Promise<RenderedPage | undefined>;
}
