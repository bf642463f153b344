// The contract between a remote's server renderer and the shell's server (issue 13, decision 015).

/** One page of a remote, rendered to HTML for a visitor: the markup its exposed module renders in the browser. */
export interface RenderedPage {
  html: string;
  /** The build that rendered it (the slot's data-build), as the browser's module would say. */
  buildId: string | undefined;
}

/** What a remote's server module (`ssr` in its preload.json) exports. */
export interface ServerRenderer {
  /**
   * Renders an exposed page for this address, with its public data loaded now (never older than the API's read
   * cache). Undefined when it cannot render it whole (an unknown page, data that failed to load): the shell then
   * sends the page without it and the browser renders it, as it always could.
   */
  render(request: { module: string; url: string }): Promise<RenderedPage | undefined>;
}
