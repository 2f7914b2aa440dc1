/**
 * The few service-worker globals the worker and the kill switch use. Declared here rather than
 * with TypeScript's `WebWorker` lib, which can't share one program with the app's `DOM` lib.
 */

/** An install or activate event: `waitUntil` keeps the worker alive until the work is done. */
export type ExtendableEvent = Event & { waitUntil(work: Promise<unknown>): void };

/** A request from a page of the worker's scope; `respondWith` answers it, or the network does. */
export type FetchEvent = ExtendableEvent & {
  request: Request;
  respondWith(answer: Promise<Response>): void;
};

/** `self` inside a service worker. */
export type WorkerScope = {
  location: { origin: string };
  registration: { unregister(): Promise<boolean> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
};
