import type { StreamEvent } from '@phonehaat/shared-api';

/** An open event stream, read as a browser's EventSource would: each event's data, in order. */
export interface OpenStream {
  status: number;
  events: StreamEvent[];
  /** Each event's name (its `event:` line), in order, for every event with data. */
  names: string[];
  /** Resolves with the first event that matches, among those received from the `since`-th on (all, by default). */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number, since?: number): Promise<StreamEvent>;
  /** Whether the server has ended the stream. */
  ended(): boolean;
  close(): void;
}

export async function openStream(url: string): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  const events: StreamEvent[] = [];
  const names: string[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const done = (async () => {
    if (!response.body || response.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) {
            events.push(JSON.parse(data) as StreamEvent);
            names.push(/^event: (.*)$/m.exec(block)?.[1] ?? 'message');
          }
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Closed by the test.
    }
    ended = true;
  })();
  return {
    status: response.status,
    events,
    names,
    next(match, timeoutMs = 2000, since = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(since).find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.slice(since))}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    ended: () => ended,
    close() {
      controller.abort();
      void done;
    },
  };
}
