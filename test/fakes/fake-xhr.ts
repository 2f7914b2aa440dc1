/**
 * A scripted XMLHttpRequest for upload tests: it records what the client asked (method, URL,
 * headers, body) and lets a test play the network's part — upload progress, an answer, a failed
 * connection — while `abort()` behaves like the real one (an `abort` event, once).
 */

/** One request as the fake saw it, plus the controls a test drives. */
export class FakeXhr extends EventTarget {
  method = '';
  url = '';
  /** Header names lower-cased, as a server sees them. */
  headers: Record<string, string> = {};
  body: unknown = undefined;
  sent = false;
  aborted = false;
  status = 0;
  responseText = '';
  readonly upload = new EventTarget();
  private done = false;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: unknown): void {
    this.body = body;
    this.sent = true;
  }

  abort(): void {
    if (this.done) return;
    this.done = true;
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  /** The browser reports `loaded` of `total` body bytes sent. */
  progress(loaded: number, total: number, lengthComputable = true): void {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { loaded, total, lengthComputable }));
  }

  /** The server answered (any HTTP status). */
  respond(status: number, text: string): void {
    if (this.done) return;
    this.done = true;
    this.status = status;
    this.responseText = text;
    this.dispatchEvent(new Event('load'));
  }

  /** The connection failed (offline, reset, CORS). */
  fail(): void {
    if (this.done) return;
    this.done = true;
    this.dispatchEvent(new Event('error'));
  }
}

/** A factory for `HttpClientDeps.xhr` and every fake it made. */
export type FakeXhrFactory = { xhr: () => XMLHttpRequest; made: FakeXhr[]; last: () => FakeXhr };

/** Builds the factory; `onSend` (optional) runs as each request is sent, to answer it at once. */
export function createFakeXhr(onSend?: (x: FakeXhr) => void): FakeXhrFactory {
  const made: FakeXhr[] = [];
  return {
    made,
    xhr: () => {
      const x = new FakeXhr();
      if (onSend) {
        const send = x.send.bind(x);
        x.send = (body: unknown) => {
          send(body);
          queueMicrotask(() => onSend(x));
        };
      }
      made.push(x);
      return x as unknown as XMLHttpRequest;
    },
    last: () => {
      const x = made.at(-1);
      if (!x) throw new Error('no XMLHttpRequest made');
      return x;
    },
  };
}
