import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { PinnedUrl } from './public-address.ts';

/** What a receiver answered: status, headers (lower-case names) and up to 16 KB of its body. */
export type ReceiverAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

const maxBodyBytes = 16 * 1024;

/**
 * POSTs a JSON body to a checked URL at its pinned address: the connection goes to that address whatever
 * DNS answers now (TLS still verifies the host name), redirects are not followed (a 3xx is the answer), and
 * `signal` ends it (the delivery timeout). Rejects on a network error or the signal.
 */
export function postToPinned(
  pinned: PinnedUrl,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<ReceiverAnswer> {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const send = pinned.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      pinned.url,
      {
        method: 'POST',
        lookup,
        signal,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Tidewatch-Alerts/1.0',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= maxBodyBytes) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8').slice(0, maxBodyBytes),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
