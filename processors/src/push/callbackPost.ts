import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  type CallbackAllowlist,
  checkResolvedAddress,
  redactCallbackUrl,
} from '@tradelog/projections/push/callbackTarget';
import type { AttemptOutcome } from '@tradelog/projections/push/reply';

/**
 * One POST to a subscriber's callback (the I/O shell around projections/src/push/reply.ts). The callback-target
 * guard runs inside the socket's DNS lookup, so the addresses checked are the ones connected
 * to (no window for DNS rebinding); a literal address is checked before connecting. The time
 * limit covers the whole exchange, reply body included. Keep-alive agents are shared.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/** Replies are read up to this many bytes; the stored excerpt is shorter still. */
const maxReplyBytes = 64 * 1024;

class TargetRefused extends Error {
  readonly code = 'TARGET_REFUSED';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function guardedLookup(allow: CallbackAllowlist) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const verdict = checkResolvedAddress(hostname, address, allow);
        if (!verdict.ok) return callback(new TargetRefused(verdict.reason.en), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

export interface CallbackPost {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allow: CallbackAllowlist;
}

/** Where a callback URL points, as the request needs it. */
interface Target {
  protocol: 'http:' | 'https:';
  /** Without the brackets of an IPv6 literal. */
  host: string;
  port: string;
  path: string;
}

/** Callbacks parsed once: a URL parsed for every POST costs more than its signature. */
const targets = new Map<string, Target>();
const targetsMax = 10_000;

function targetOf(callback: string): Target {
  let target = targets.get(callback);
  if (!target) {
    const url = new URL(callback);
    target = {
      protocol: url.protocol as Target['protocol'],
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port,
      path: `${url.pathname}${url.search}`,
    };
    if (targets.size >= targetsMax) targets.clear();
    targets.set(callback, target);
  }
  return target;
}

export function postCallback(post: CallbackPost): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const { protocol, host, port, path } = targetOf(post.url);
  if (isIP(host) !== 0) {
    const verdict = checkResolvedAddress(host, host, post.allow);
    if (!verdict.ok) return Promise.resolve({ kind: 'refused', reason: verdict.reason.en });
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const transport = protocol === 'https:' ? https : http;
    const request = transport.request(
      {
        protocol,
        hostname: host,
        ...(port ? { port: Number(port) } : {}),
        path,
        method: 'POST',
        agent: agents[protocol],
        lookup: guardedLookup(post.allow) as unknown as typeof dnsLookup,
        headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < maxReplyBytes) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          finish({
            kind: 'reply',
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, maxReplyBytes).toString('utf8'),
            latencyMs: elapsed(),
          }),
        );
        response.on('error', (error) =>
          finish({ kind: 'network', code: codeOf(error), latencyMs: elapsed() }),
        );
      },
    );
    const timer = setTimeout(() => {
      finish({ kind: 'timeout', latencyMs: elapsed() });
      request.destroy();
    }, post.timeoutMs);
    request.on('error', (error) => {
      if (error instanceof TargetRefused || (error as { cause?: unknown }).cause instanceof TargetRefused) {
        finish({ kind: 'refused', reason: error.message });
      } else {
        finish({ kind: 'network', code: codeOf(error), latencyMs: elapsed() });
      }
    });
    request.end(post.body);
  });
}

const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : 'ERROR';
};

/** For logs: the callback without its token. */
export const shownUrl = redactCallbackUrl;
