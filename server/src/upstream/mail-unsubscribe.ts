/**
 * `POST /mail/unsubscribe?token=…`: the one-click unsubscribe of RFC 8058. A mail program posts
 * `List-Unsubscribe=One-Click` to the List-Unsubscribe address of an alert mail (the same URL the
 * reader's browser opens as a page, GET); the token is the only credential, so no cookie is read
 * or forwarded. The backend's public call does the work; the answer is plain text.
 */
import type { RequestHandler } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { isOneTimeToken } from '@shared/one-time-token';
import { HttpError } from '../http/errors';
import { BackendError, parseEnvelope } from './backend-client';
import type { BackendCalls } from './backends';

const TIMEOUT_MS = 10_000;

export function mailUnsubscribeRoute(opts: { backend: BackendCalls; log: (message: string, error: unknown) => void }): RequestHandler {
  return async (req, res) => {
    const token = req.query['token'];
    if (!isOneTimeToken(token)) throw new HttpError(400, '退订链接不完整', { as: 'text' });
    const answer = await opts.backend
      .call({
        method: 'POST',
        path: ENDPOINTS.mailUnsubscribe.path,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: Buffer.from(JSON.stringify({ token })),
        timeoutMs: TIMEOUT_MS,
        requestId: res.get('x-request-id'),
      })
      .catch((error: unknown) => {
        if (!(error instanceof BackendError)) throw error;
        opts.log('one-click unsubscribe failed', error);
        throw new HttpError(502, '退订暂时不可用，请稍后再试', { as: 'text' });
      });
    const envelope = answer.status === 200 ? parseEnvelope(answer.bytes) : null;
    if (envelope?.['code'] !== 200) throw new HttpError(404, '退订链接无效或已过期', { as: 'text' });
    const msg = typeof envelope['msg'] === 'string' ? envelope['msg'] : '已退订提醒邮件';
    res.status(200).type('text/plain; charset=utf-8').set('Cache-Control', 'no-store').send(msg);
  };
}
