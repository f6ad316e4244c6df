import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { dkimSign } from 'mailauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkDmarc } from './dmarc.ts';

/** Fixed DNS answers (TXT records as mailauth gets them from node:dns: chunks per record). */
const records = new Map<string, string[][]>();
/** Every lookup the check made, as `TYPE name`. */
const lookups: string[] = [];

/** Answers from `records`; anything else does not exist (ENOTFOUND, as node:dns says it). */
async function resolver(name: string, rrtype: string): Promise<unknown> {
  const key = `${rrtype} ${name.toLowerCase()}`;
  lookups.push(key);
  const answer = records.get(key);
  if (answer) return answer;
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
}

const SELECTOR = 'sel2024';
let privateKey = '';

beforeAll(() => {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKey = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  records.set(`TXT ${SELECTOR}._domainkey.bakery.example`, [[`v=DKIM1; k=rsa; p=${publicKey}`]]);
  records.set('TXT _dmarc.bakery.example', [['v=DMARC1; p=reject']]);
  records.set('TXT bakery.example', [['v=spf1 ip4:192.0.2.10 -all']]);
  records.set('TXT _dmarc.forger.example', [['v=DMARC1; p=reject']]);
  records.set('TXT nodmarc.example', [['v=spf1 ip4:192.0.2.10 -all']]);
});

/** A plain reply from `from`, with CRLF line ends. */
function message(from: string): Buffer {
  return Buffer.from(
    [
      `From: Bea Baker <${from}>`,
      'To: reply+0123456789abcdef0123456789abcdef@replies.studio.example',
      'Subject: Re: Your new menu page',
      'Date: Mon, 02 Jun 2025 10:00:00 +0000',
      'Message-ID: <menu-1@bakery.example>',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Looks great, thank you!',
      '',
    ].join('\r\n'),
  );
}

/** `raw` with a DKIM-Signature for bakery.example (selector SELECTOR) prepended. */
async function signed(raw: Buffer): Promise<Buffer> {
  const signature = { signingDomain: 'bakery.example', selector: SELECTOR, privateKey };
  const result = await dkimSign(raw, { ...signature, signatureData: [signature] });
  expect(result.errors).toEqual([]);
  return Buffer.concat([Buffer.from(result.signatures), raw]);
}

/** The SMTP facts of a client at `ip` whose MAIL FROM is `mailFrom`. */
function smtp(ip: string, mailFrom: string) {
  return { ip, helo: 'mail.sender.example', mailFrom, mta: 'replies.studio.example', resolver };
}

describe('checkDmarc', () => {
  it('passes a message DKIM-signed by its From domain (aligned DKIM, SPF not aligned)', async () => {
    const raw = await signed(message('bea@bakery.example'));
    // MAIL FROM at a domain without SPF, from an IP bakery.example's SPF does not list: only DKIM can pass.
    const verdict = await checkDmarc(raw, smtp('203.0.113.5', 'bounces@esp.example'));
    expect(verdict).toEqual({ pass: true, result: 'pass', headerFrom: 'bea@bakery.example' });
    expect(lookups).toContain(`TXT ${SELECTOR}._domainkey.bakery.example`);
    expect(lookups).toContain('TXT _dmarc.bakery.example');
  });

  it('fails the same signed message once its From is changed to another domain (forged From)', async () => {
    const raw = (await signed(message('bea@bakery.example')))
      .toString()
      .replace('bea@bakery.example>', 'ceo@forger.example>');
    const verdict = await checkDmarc(Buffer.from(raw), smtp('203.0.113.5', 'bounces@esp.example'));
    expect(verdict).toEqual({ pass: false, result: 'fail', headerFrom: 'ceo@forger.example' });
  });

  it('fails a valid signature of bakery.example on a From of another domain (not aligned)', async () => {
    const raw = await signed(message('ceo@forger.example'));
    const verdict = await checkDmarc(raw, smtp('203.0.113.5', 'bounces@esp.example'));
    expect(verdict).toEqual({ pass: false, result: 'fail', headerFrom: 'ceo@forger.example' });
  });

  it('passes an unsigned message on aligned SPF from an allowed IP, and fails it from another IP', async () => {
    const raw = message('bea@bakery.example');
    expect(await checkDmarc(raw, smtp('192.0.2.10', 'news@bakery.example'))).toEqual({
      pass: true,
      result: 'pass',
      headerFrom: 'bea@bakery.example',
    });
    expect(await checkDmarc(raw, smtp('198.51.100.7', 'news@bakery.example'))).toEqual({
      pass: false,
      result: 'fail',
      headerFrom: 'bea@bakery.example',
    });
  });

  it('does not pass a From domain without a DMARC record, even with SPF passing (none)', async () => {
    const verdict = await checkDmarc(message('ann@nodmarc.example'), smtp('192.0.2.10', 'ann@nodmarc.example'));
    expect(verdict).toEqual({ pass: false, result: 'none', headerFrom: 'ann@nodmarc.example' });
  });

  it('gives error, without throwing, for garbage bytes, an empty message and two From addresses', async () => {
    const facts = smtp('192.0.2.10', 'news@bakery.example');
    const garbage = Buffer.concat([Buffer.from([0, 255, 13, 10, 13, 10, 0xc3, 0x28]), randomBytes(4096)]);
    for (const raw of [
      garbage,
      Buffer.alloc(0),
      Buffer.from('From: a@bakery.example, b@bakery.example\r\n\r\nHi\r\n'),
    ]) {
      await expect(checkDmarc(raw, facts)).resolves.toEqual({ pass: false, result: 'error', headerFrom: null });
    }
  });
});
