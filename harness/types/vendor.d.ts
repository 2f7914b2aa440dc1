/**
 * Just enough typing for the two untyped CommonJS packages the app server uses, so harness code
 * stays `strict` without `any`. Only the calls we make are declared.
 */
declare module 'http-server' {
  import type { IncomingHttpHeaders, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';

  /** union's request stream: the piped request plus the fields middleware reads. */
  export type UnionRequest = NodeJS.ReadableStream & {
    url: string;
    method: string;
    headers: IncomingHttpHeaders;
    request: import('node:http').IncomingMessage;
  };
  /** union's response stream: writes through to `response`; `emit('next')` passes control on. */
  export type UnionResponse = NodeJS.EventEmitter & {
    response: ServerResponse;
    statusCode: number;
    setHeader(name: string, value: number | string | readonly string[]): void;
    getHeader(name: string): number | string | string[] | undefined;
    writeHead(status: number, headers?: OutgoingHttpHeaders): void;
    end(data?: string): void;
  };
  export type Middleware = (req: UnionRequest, res: UnionResponse) => void;
  export type HttpServerOptions = {
    root: string;
    before?: Middleware[];
    headers?: Record<string, string>;
    cache?: number | string | ((pathname: string) => string);
    showDir?: 'true' | 'false';
    autoIndex?: 'true' | 'false';
    showDotfiles?: boolean;
    gzip?: boolean;
    brotli?: boolean;
    cors?: boolean;
    logFn?: (req: UnionRequest, res: UnionResponse, error?: Error) => void;
  };
  export type HttpServer = {
    server: Server;
    listen(port: number, host: string, cb: () => void): void;
    close(): void;
  };
  const httpServer: { createServer(options: HttpServerOptions): HttpServer };
  export default httpServer;
}

declare module 'http-proxy' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type ProxyOptions = {
    target?: string;
    changeOrigin?: boolean;
    xfwd?: boolean;
    proxyTimeout?: number;
  };
  export type ProxyServer = {
    web(
      req: NodeJS.ReadableStream | IncomingMessage,
      res: ServerResponse,
      options: ProxyOptions,
      onError: (err: Error & { code?: string }) => void,
    ): void;
    on(event: 'error', listener: (err: Error) => void): ProxyServer;
    close(): void;
  };
  const httpProxy: { createProxyServer(options?: ProxyOptions): ProxyServer };
  export default httpProxy;
}
