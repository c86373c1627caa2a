// HTTP server of the fake: REST under /api/v10, attachment downloads, and the gateway upgrade.
/* eslint-disable @typescript-eslint/no-explicit-any */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeGateway } from './gateway.js';
import { flattenErrors } from './form-errors.js';
import { boundByGlobalLimit } from './global-limit.js';
import { discordError, matchRoute, type RestContext, type RestResult } from './rest-routes.js';
import { specErrors } from './spec-check.js';
import type { Store } from './state.js';
import type { RecordedFile, RecordedRequest } from './types.js';

/** `/attachments/<channel>/<id>/<filename>` (files the bot sent) and `/ephemeral-attachments/…` (files users uploaded). */
const CDN_PATH = /^\/(attachments|ephemeral-attachments)\/([^/]+)\/([^/]+)\/([^/]+)$/;

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function parseBody(
  raw: Buffer,
  contentType: string,
): Promise<{ body: any; files: RecordedFile[] } | { error: RestResult }> {
  if (raw.length === 0) return { body: null, files: [] };
  if (contentType.startsWith('multipart/form-data')) {
    const form = await new Request('http://fake.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: raw,
    }).formData();
    let body: any = null;
    const files: RecordedFile[] = [];
    for (const [field, value] of form.entries()) {
      if (typeof value === 'string') {
        if (field === 'payload_json') body = JSON.parse(value);
        else (body ??= {})[field] = value;
      } else {
        const data = Buffer.from(await value.arrayBuffer());
        files.push({ field, name: value.name, contentType: value.type || 'application/octet-stream', size: data.length, data });
      }
    }
    return { body, files };
  }
  const text = raw.toString('utf8');
  try {
    return { body: JSON.parse(text), files: [] };
  } catch {
    if (contentType.includes('json')) return { error: discordError(400, 50109, 'The request body contains invalid JSON.') };
    return { body: text, files: [] };
  }
}

export async function startServer(
  store: Store,
  gateway: FakeGateway,
  dispatch: (event: string, data: unknown) => void,
): Promise<RunningServer> {
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const raw = await readBody(req);

    // Attachment downloads (the CDN): no auth; recorded like REST calls so tests can assert them.
    const cdn = method === 'GET' ? CDN_PATH.exec(url.pathname) : null;
    const api = /^\/api(?:\/v\d+)?(\/.*)$/.exec(url.pathname);
    const rawPath = api?.[1] ?? url.pathname;
    const path = rawPath.split('/').map(safeDecode).join('/');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (k !== 'authorization' && v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    }
    const parsed = await parseBody(raw, String(req.headers['content-type'] ?? ''));
    const rec: RecordedRequest = {
      seq: store.requestSeq++,
      method,
      path,
      route: null,
      query: Object.fromEntries(url.searchParams.entries()),
      body: 'body' in parsed ? parsed.body : raw.toString('utf8'),
      files: 'files' in parsed ? parsed.files : [],
      headers,
      authorized: req.headers.authorization === `Bot ${store.token}`,
      status: 0,
      injectedFailure: false,
      at: performance.now(),
    };
    store.requests.push(rec);
    store.lastRequestAt = Date.now();
    for (const ex of store.openExchanges) ex.requests.push(rec);
    // A slow Discord: the request is received now and handled after the delay (its client may be gone by then).
    const delayIndex = store.delayRules.findIndex((r) => r.method === method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)));
    if (delayIndex >= 0) {
      const delay = store.delayRules[delayIndex]!;
      if (--delay.remaining <= 0) store.delayRules.splice(delayIndex, 1);
      store.held++;
      await new Promise((resolve) => setTimeout(resolve, delay.ms));
      store.held--;
    }

    let result: RestResult;
    const match = api && !cdn ? matchRoute(method, rawPath) : null;
    if (match) rec.route = `${method} ${match.route.template}`;
    if (cdn) rec.route = `GET /${cdn[1]}/:channelId/:attachmentId/:filename`;
    const token = match?.params['token'];
    const exchange = token ? store.exchangesByToken.get(token) : undefined;
    if (exchange && !exchange.requests.includes(rec)) exchange.requests.push(rec);

    const ruleIndex = store.failRules.findIndex(
      (r) => r.method === method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)),
    );
    const rule = ruleIndex >= 0 ? store.failRules[ruleIndex] : undefined;
    // Discord's global limit (./global-limit.ts): counted before the route is even looked at
    const overGlobal = !rule && boundByGlobalLimit(path, rec.authorized) ? store.globalLimit.take() : null;
    if (rule) {
      if (--rule.remaining <= 0) store.failRules.splice(ruleIndex, 1);
      result = { status: rule.status, body: rule.body, injected: true };
    } else if (overGlobal !== null) {
      // a whole millisecond at least: a refused request whose token was nearly back read retry_after 0 (a loaded machine)
      result = { status: 429, body: { message: 'You are being rate limited.', retry_after: Math.max(1, Math.ceil(overGlobal * 1000)) / 1000, global: true } };
    } else if ('error' in parsed) {
      result = parsed.error;
    } else if (cdn) {
      const file = store.attachments.get(cdn[3] ?? '');
      // A link past its `ex`, or not signed by the CDN, is refused like a deleted file (./cdn.ts).
      if (!file || file.name !== safeDecode(cdn[4] ?? '') || store.cdn.check(url.pathname, url.searchParams) !== 'ok') {
        rec.status = 404;
        res.writeHead(404, { 'content-type': 'text/plain' }).end('This content is no longer available.');
        return;
      }
      rec.status = 200;
      res.writeHead(200, { 'content-type': file.contentType, 'content-length': file.data.length }).end(file.data);
      return;
    } else if (!match) {
      result = discordError(404, 0, '404: Not Found');
    } else if (match.route.auth && !rec.authorized) {
      result = discordError(401, 0, '401: Unauthorized');
    } else {
      const ctx: RestContext = {
        store,
        method,
        path,
        params: match.params,
        query: url.searchParams,
        body: parsed.body,
        files: parsed.files,
        rec,
        dispatch,
      };
      try {
        result = match.route.handler(ctx);
      } catch (error) {
        result = { status: 500, body: { message: `fake-discord internal error: ${String(error)}`, code: 0 } };
      }
      if (ctx.exchange && !ctx.exchange.requests.includes(rec)) ctx.exchange.requests.push(rec);
    }
    // What the fake's own checks let through is checked against Discord's OpenAPI description too: a
    // body it refuses is a rejection the harness fails the file on (the limits' own errors come first).
    if (store.checkSpec && match && result.status < 300 && !rule && 'body' in parsed) {
      const refused = specErrors(method, rawPath, 'body' in parsed ? parsed.body : null);
      if (refused) store.rejections.push({ request: rec, reasons: flattenErrors(refused.tree) });
    }
    rec.status = result.status;
    rec.injectedFailure = result.injected === true;
    const answer = result.body as { code?: unknown; errors?: unknown } | undefined;
    if (!rule && answer?.code === 50035) store.rejections.push({ request: rec, reasons: flattenErrors(answer.errors) });
    if (result.status === 204 || result.body === undefined) {
      res.writeHead(result.status).end();
      return;
    }
    const json = JSON.stringify(result.body);
    const replyHeaders: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) };
    // A rate limit says when to come back, in the header as Discord does (seconds).
    const retryAfter = (result.body as { retry_after?: unknown }).retry_after;
    if (result.status === 429 && typeof retryAfter === 'number') replyHeaders['retry-after'] = String(retryAfter);
    // the bot's global limit (50 requests a second) is flagged as such: the client must hold every route
    if (result.status === 429 && (result.body as { global?: unknown }).global === true) {
      replyHeaders['x-ratelimit-global'] = 'true';
      replyHeaders['x-ratelimit-scope'] = 'global';
    }
    res.writeHead(result.status, replyHeaders).end(json);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `fake-discord internal error: ${String(error)}`, code: 0 }));
    });
  });
  server.on('upgrade', (req, socket, head) => gateway.handleUpgrade(req, socket, head));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
