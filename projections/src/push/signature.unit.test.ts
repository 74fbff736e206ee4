import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signPush, verifyPush } from './signature.ts';

// The Standard Webhooks reference test vector (standard-webhooks libraries' own tests).
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const timestamp = 1614265330;
const body = '{"test": 2432232314}';

describe('push signatures (Standard Webhooks)', () => {
  it('signs the fixed input exactly as the reference libraries do', () => {
    expect(signPush(secret, id, timestamp, body)).toEqual({
      'webhook-id': id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('verifies its own signature and rejects a changed body, another secret or an old timestamp', () => {
    const headers = signPush(secret, id, timestamp, body);
    expect(verifyPush(secret, headers, body, timestamp + 10)).toBe(true);
    expect(verifyPush(secret, headers, `${body} `, timestamp)).toBe(false);
    expect(verifyPush('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', headers, body, timestamp)).toBe(false);
    expect(verifyPush(secret, headers, body, timestamp + 301)).toBe(false);
    expect(
      verifyPush(
        secret,
        { ...headers, 'webhook-signature': `v1,bad ${headers['webhook-signature']}` },
        body,
        timestamp,
      ),
    ).toBe(true);
  });

  it('signs with both secrets during a rotation overlap: either verifies, with the reference library too', () => {
    const replaced = 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const headers = signPush(`${secret} ${replaced}`, id, timestamp, body);
    const [current, previous] = headers['webhook-signature'].split(' ');
    expect(current).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    expect(previous).toBe(signPush(replaced, id, timestamp, body)['webhook-signature']);
    expect(verifyPush(secret, headers, body, timestamp)).toBe(true);
    expect(verifyPush(replaced, headers, body, timestamp)).toBe(true);
    expect(verifyPush('whsec_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB', headers, body, timestamp)).toBe(false);
    const now = Date.now;
    Date.now = () => timestamp * 1000;
    try {
      expect(new Webhook(secret).verify(body, headers)).toEqual({ test: 2432232314 });
      expect(new Webhook(replaced).verify(body, headers)).toEqual({ test: 2432232314 });
    } finally {
      Date.now = now;
    }
  });

  it('refuses secrets that are not whsec_ keys', () => {
    expect(() => signPush('plain', id, timestamp, body)).toThrow(/whsec_/);
  });
});
