/**
 * Just enough typing for the untyped CommonJS package the app server uses (http-server), so harness code
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
