// A fault-injecting HTTP proxy on 127.0.0.1, put between the export (or the preview server) and the
// embedded content service, so tests can make a real service misbehave the ways real networks do:
// 5xx answers, hung requests, reset connections, bodies cut off mid-transfer, malformed JSON, and
// slow-but-correct answers. Each request asks `plan` what to do, so a test can script sequences
// such as "the first two requests get 503, then everything is fine".
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  | { kind: 'pass' }
  /** Answer with this status and a JSON error body, like an overloaded API. */
  | { kind: 'status'; status: number }
  /** Accept the request and never answer. */
  | { kind: 'hang' }
  /** Drop the connection with a TCP reset before any answer. */
  | { kind: 'reset' }
  /** Forward, then cut the body off halfway (declared length longer than what is sent). */
  | { kind: 'truncate' }
  /** Forward headers with a complete, well-framed body that is not valid JSON (half of the real one). */
  | { kind: 'malformed' }
  /** Forward the correct answer, late and in slow pieces. */
  | { kind: 'slow'; delayMs: number; chunkDelayMs?: number };

export const FAULTS = {
  pass: { kind: 'pass' },
  hang: { kind: 'hang' },
  reset: { kind: 'reset' },
  truncate: { kind: 'truncate' },
  malformed: { kind: 'malformed' },
  status: (status: number): Fault => ({ kind: 'status', status }),
  slow: (delayMs: number, chunkDelayMs = 0): Fault => ({ kind: 'slow', delayMs, chunkDelayMs }),
} as const satisfies Record<string, Fault | ((...a: never[]) => Fault)>;

export interface FaultyProxy {
  url: string;
  /** Decides the fault for request number n (1-based, counted since the last reset()). */
  setPlan(plan: (n: number, req: IncomingMessage) => Fault): void;
  /** Requests seen since the last reset(), with the fault each got. */
  log(): { n: number; method: string; path: string; fault: Fault['kind'] }[];
  reset(): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Fetches the upstream answer in full (status, headers, body). */
function forward(
  upstream: URL,
  req: IncomingMessage,
  body: Buffer,
): Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: upstream.host };
    delete headers['accept-encoding']; // plain bodies, so truncation cuts real JSON
    const up = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const h: Record<string, string | string[]> = {};
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined && k !== 'transfer-encoding' && k !== 'connection' && k !== 'content-length') h[k] = v;
          resolve({ status: res.statusCode ?? 502, headers: h, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    up.on('error', reject);
    up.end(body);
  });
}

export async function startFaultyProxy(upstreamUrl: string): Promise<FaultyProxy> {
  const upstream = new URL(upstreamUrl);
  let plan: (n: number, req: IncomingMessage) => Fault = () => FAULTS.pass;
  let seen: { n: number; method: string; path: string; fault: Fault['kind'] }[] = [];
  const sockets = new Set<Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const n = seen.length + 1;
    const fault = plan(n, req);
    seen.push({ n, method: req.method ?? '?', path: (req.url ?? '').split('?')[0]!, fault: fault.kind });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);

    switch (fault.kind) {
      case 'hang':
        return; // the socket stays open until the client gives up or the proxy closes
      case 'reset': {
        const s = req.socket as Socket & { resetAndDestroy?: () => void };
        if (s.resetAndDestroy) s.resetAndDestroy();
        else s.destroy();
        return;
      }
      case 'status':
        res.writeHead(fault.status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: 'Injected', message: `injected HTTP ${fault.status}`, statusCode: fault.status }),
        );
        return;
      default:
        break;
    }

    let answer: Awaited<ReturnType<typeof forward>>;
    try {
      answer = await forward(upstream, req, body);
    } catch (err) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Bad Gateway', message: (err as Error).message }));
      return;
    }
    if (fault.kind === 'truncate') {
      res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
      res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)));
      await sleep(20);
      req.socket.destroy();
      return;
    }
    if (fault.kind === 'malformed') {
      const half = answer.body.subarray(0, Math.floor(answer.body.length / 2));
      res.writeHead(answer.status, { ...answer.headers, 'content-length': String(half.length) });
      res.end(half);
      return;
    }
    if (fault.kind === 'slow') {
      await sleep(fault.delayMs);
      res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
      const step = Math.max(1, Math.ceil(answer.body.length / 4));
      for (let i = 0; i < answer.body.length; i += step) {
        if (res.destroyed) return;
        res.write(answer.body.subarray(i, i + step));
        if (fault.chunkDelayMs) await sleep(fault.chunkDelayMs);
      }
      res.end();
      return;
    }
    res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
    res.end(answer.body);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        res.writeHead(500);
        res.end();
      } else res.destroy();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setPlan(p) {
      plan = p;
    },
    log: () => [...seen],
    reset() {
      seen = [];
      plan = () => FAULTS.pass;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
