// @ts-check
/**
 * A self-signed certificate for 127.0.0.1 and localhost (selfsigned), for the audit tests'
 * HTTPS fixture site. Test use only.
 * @returns {Promise<{ key: string, cert: string }>}
 */
import { generate } from 'selfsigned';

export async function fixtureCertificate() {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
