// The API's word that what visitors see changed (issue 66): `GET /catalog/changes`, an event stream every API instance
// serves (each hears the others' writes through PostgreSQL). The shell's server keeps visitors' pages only while this
// stream is open and not silent: a lost stream, or one quiet past two of its 25 s keep-alives, forgets them all.
import { createParser } from 'eventsource-parser';

export interface CatalogChangeOptions {
  apiUrl: string;
  /** `true` once listening (ready), `false` when the stream is lost. */
  onLive: (live: boolean) => void;
  /** Something visitors see changed. */
  onChange: () => void;
  /** A stream silent this long is taken as lost. */
  idleMs?: number;
  retryMs?: number;
  warn?: (message: string) => void;
}

/** Listens until stopped, reconnecting after each loss; returns what stops it. */
export function watchCatalogChanges({ apiUrl, onLive, onChange, idleMs = 60_000, retryMs = 1000, warn = (message) => console.warn(message) }: CatalogChangeOptions): () => void {
  let stopped = false;
  let aborter = new AbortController();
  let failing = false;
  void (async () => {
    while (!stopped) {
      aborter = new AbortController();
      let idle: NodeJS.Timeout | undefined;
      const quiet = () => {
        clearTimeout(idle);
        idle = setTimeout(() => aborter.abort(new Error(`silent for ${idleMs} ms`)), idleMs);
      };
      let live = false;
      try {
        quiet();
        const response = await fetch(`${apiUrl}/catalog/changes`, { headers: { accept: 'text/event-stream' }, signal: aborter.signal });
        if (!response.ok || !response.body) throw new Error(`it answered ${response.status}`);
        const parser = createParser({
          onEvent: (event) => {
            if (event.event === 'ready') {
              live = true;
              if (failing) warn('shell server: the API’s catalog changes are heard again');
              failing = false;
              onLive(true);
            } else if (event.event === 'change') onChange();
          },
        });
        const decoder = new TextDecoder();
        for await (const chunk of response.body) {
          quiet();
          parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
        }
        throw new Error('the stream ended');
      } catch (error) {
        if (stopped) break;
        if (!failing) warn(`shell server: not hearing the API’s catalog changes at ${apiUrl} (${(error as Error).message}); visitors’ pages are composed for each request meanwhile`);
        failing = true;
      } finally {
        clearTimeout(idle);
        if (live) onLive(false);
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  })();
  return () => {
    stopped = true;
    aborter.abort();
  };
}
