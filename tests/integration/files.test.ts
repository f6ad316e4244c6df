/**
 * Files on projects (docs/product.md#files): uploads by a client and by staff, streamed into the
 * storage, their type from their content, their limits, and downloads authorized per request.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectFiles } from '../../db/schema/index.ts';
import { sweepOrphanFiles } from '../../src/server/services/files/cleanup.ts';
import { bearer, createTestApi, errorOf, type TestApi } from './helpers.ts';

const STAFF = 'staff@firststatewebstudio.com';
let api: TestApi;
let staffToken: string;

beforeAll(async () => {
  api = await createTestApi({
    env: {
      ADMIN_EMAILS: STAFF,
      AUTH_RATE_LIMIT: '1000',
      UPLOAD_MAX_BYTES: String(2 * 1024 * 1024),
      CLIENT_STORAGE_QUOTA_BYTES: String(3 * 1024 * 1024),
    },
  });
  staffToken = await api.signInStaff(STAFF);
});
afterAll(async () => {
  await api.close();
});

let seq = 0;
/** A registered client with one project made by staff. */
async function clientWithProject() {
  const registered = await api.fresh().client.register.$post({
    json: { name: 'File Client', email: `files-${++seq}-${Date.now()}@example.com`, password: 'secret-pass' },
  });
  const { token, client } = await registered.json();
  const created = await api.http.admin.projects.$post(
    { json: { clientId: client.id, title: 'Site' } },
    bearer(staffToken),
  );
  const project = await created.json();
  return { token, clientId: client.id, projectId: project.id };
}

/** Uploads `bytes` as `name` to a project, as the client (`token`) or as staff. */
function upload(
  projectId: string,
  bytes: Uint8Array,
  name: string,
  as: { client: string } | 'staff',
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file', new Blob([Buffer.from(bytes)]), name);
  const area = as === 'staff' ? 'admin' : 'client';
  const token = as === 'staff' ? staffToken : as.client;
  return api.raw(`/api/${area}/projects/${projectId}/files`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** Every file under UPLOADS_DIR, as the disk has it (a file the storage API does not list included). */
function filesOnDisk(): string[] {
  if (!existsSync(api.env.UPLOADS_DIR)) return [];
  return readdirSync(api.env.UPLOADS_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of api.storage.keys()) keys.push(key);
  return keys;
}

const png = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('uploads', () => {
  it('stores a client’s image and a staff PDF, with the type from the content and a random storage key', async () => {
    const { token, projectId } = await clientWithProject();
    const image = await png();
    const response = await upload(projectId, new Uint8Array(image), '../../etc/Logo final.png', { client: token });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; name: string; size: number; type: string };
    expect(body).toMatchObject({ name: 'Logo final.png', size: image.length, type: 'image/png' });
    const staffPdf = await upload(projectId, PDF, 'contract.pdf', 'staff', { internal: 'true' });
    expect(await staffPdf.json()).toMatchObject({ type: 'application/pdf', name: 'contract.pdf' });

    // The client sees its own file, not the internal one; staff see both.
    const mine = (await (
      await api.raw(`/api/client/projects/${projectId}/files`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      items: { name: string }[];
      storage: { used: number; quota: number; fileMax: number };
    };
    expect(mine.items.map((f) => f.name)).toEqual(['Logo final.png']);
    expect(mine.storage).toEqual({ used: image.length + PDF.length, quota: 3 * 1024 * 1024, fileMax: 2 * 1024 * 1024 });
    const all = (await (
      await api.raw(`/api/admin/projects/${projectId}/files`, { headers: { authorization: `Bearer ${staffToken}` } })
    ).json()) as {
      items: { name: string; internal: boolean }[];
    };
    expect(all.items.map((f) => [f.name, f.internal])).toEqual([
      ['Logo final.png', false],
      ['contract.pdf', true],
    ]);
    for (const key of await storedKeys()) expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
  });

  it('refuses a forged type whatever the name says, and stores nothing', async () => {
    const { token, projectId } = await clientWithProject();
    const before = await storedKeys();
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, ...new Array(200).fill(0)]);
    const response = await upload(projectId, exe, 'invoice.pdf', { client: token });
    expect(response.status).toBe(415);
    expect((await errorOf(response)).code).toBe('file_type_refused');
    expect(await storedKeys()).toEqual(before);
  });

  it('keeps text, HTML and SVG as text that is only ever downloaded', async () => {
    const { token, projectId } = await clientWithProject();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await upload(projectId, svg, 'logo.svg', { client: token });
    const { id, type } = (await response.json()) as { id: string; type: string };
    expect(type).toBe('text/plain');
    const download = await api.raw(`/api/files/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="?logo\.svg"?$/);
    expect(download.headers.get('content-security-policy')).toBe('sandbox');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('refuses a file over UPLOAD_MAX_BYTES, before and after reading it, and stores nothing', async () => {
    const { token, projectId } = await clientWithProject();
    const before = await storedKeys();
    const big = new Uint8Array(2 * 1024 * 1024 + 10).fill(65);
    const response = await upload(projectId, big, 'big.txt', { client: token });
    expect(response.status).toBe(413);
    expect((await errorOf(response)).message).toBe('The file is larger than 2 MB.');
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses an image bomb from its header, without decoding it', async () => {
    const { token, projectId } = await clientWithProject();
    // A 10,000 × 10,000 PNG of one colour: about 100 kB, 100 megapixels once decoded.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const before = await storedKeys();
    const response = await upload(projectId, new Uint8Array(bomb), 'huge.png', { client: token });
    expect(response.status).toBe(422);
    expect((await errorOf(response)).code).toBe('image_too_large');
    expect(await storedKeys()).toEqual(before);
  });

  it('stores a zip bomb as a zip, without opening it', async () => {
    const { token, projectId } = await clientWithProject();
    // A zip's local file header: 'PK\x03\x04', then an entry that claims a huge size.
    const header = new Uint8Array([
      0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff,
      0xff, 4, 0, 0, 0,
    ]);
    const bytes = new Uint8Array([...header, ...new TextEncoder().encode('a.txt'), ...new Array(64).fill(0)]);
    const response = await upload(projectId, bytes, 'archive.zip', { client: token });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { type: string }).type).toBe('application/zip');
  });

  it('answers over the client’s quota with 413 and stores nothing', async () => {
    const { token, projectId } = await clientWithProject();
    const almost = new Uint8Array(1900 * 1024).fill(66);
    expect((await upload(projectId, almost, 'a.txt', { client: token })).status).toBe(201);
    const before = await storedKeys();
    const over = await upload(projectId, almost, 'b.txt', { client: token });
    expect(over.status).toBe(413);
    expect((await errorOf(over)).code).toBe('storage_full');
    expect(await storedKeys()).toEqual(before);
  });

  it('leaves nothing behind when the upload is cut half-way', async () => {
    const { token, projectId } = await clientWithProject();
    const before = await storedKeys();
    const [rowsBefore] = await api.db.read.select({ n: count() }).from(projectFiles);
    const boundary = 'cut-boundary';
    const start = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\nContent-Type: text/plain\r\n\r\n${'x'.repeat(50_000)}`,
    );
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(start);
        controller.error(new Error('the connection dropped'));
      },
    });
    const response = await api.raw(`/api/client/projects/${projectId}/files`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(400);
    expect(await storedKeys()).toEqual(before);
    const [rowsAfter] = await api.db.read.select({ n: count() }).from(projectFiles);
    expect(rowsAfter?.n).toBe(rowsBefore?.n);
  });

  it('keeps no file, not even an empty one, and no row from a body that ends before its closing boundary', async () => {
    const { token, projectId } = await clientWithProject();
    const before = filesOnDisk();
    const [rowsBefore] = await api.db.read.select({ n: count() }).from(projectFiles);
    const boundary = 'short-boundary';
    for (const [content, authorization, area] of [
      ['hello', `Bearer ${token}`, 'client'],
      ['y'.repeat(200_000), `Bearer ${staffToken}`, 'admin'],
    ] as const) {
      // A whole body as far as it goes: the file's part opens, then the body ends without
      // `--short-boundary--`.
      const body = new TextEncoder().encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="short.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n`,
      );
      const response = await api.raw(`/api/${area}/projects/${projectId}/files`, {
        method: 'POST',
        body,
        headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('upload_incomplete');
    }
    // A write the server had begun would have made its file by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(filesOnDisk()).toEqual(before);
    const [rowsAfter] = await api.db.read.select({ n: count() }).from(projectFiles);
    expect(rowsAfter?.n).toBe(rowsBefore?.n);
  });

  it('answers 422 without a file and 415 for a body that is not multipart', async () => {
    const { token, projectId } = await clientWithProject();
    const form = new FormData();
    form.set('note', 'no file here');
    const empty = await api.raw(`/api/client/projects/${projectId}/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(empty.status).toBe(422);
    expect((await errorOf(empty)).fields).toEqual({ file: 'Please choose a file to upload.' });
    const json = await api.raw(`/api/client/projects/${projectId}/files`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(json.status).toBe(415);
  });
});

describe('downloads', () => {
  it('lets a client reach only its own projects’ files, and never an internal one', async () => {
    const alice = await clientWithProject();
    const bob = await clientWithProject();
    const own = (await (await upload(alice.projectId, PDF, 'a.pdf', { client: alice.token })).json()) as { id: string };
    const internal = (await (
      await upload(alice.projectId, PDF, 'notes.pdf', 'staff', { internal: 'true' })
    ).json()) as { id: string };
    const get = (id: string, token?: string) =>
      api.raw(`/api/files/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await get(own.id, alice.token)).status).toBe(200);
    expect((await get(own.id, bob.token)).status).toBe(404);
    expect((await get(internal.id, alice.token)).status).toBe(404);
    expect((await get(internal.id, staffToken)).status).toBe(200);
    expect((await get(own.id)).status).toBe(401);
    // Another client's upload to a project not its own is refused the same way.
    expect((await upload(alice.projectId, PDF, 'x.pdf', { client: bob.token })).status).toBe(404);
  });

  it('serves one byte range with 206, and 416 past the end', async () => {
    const { token, projectId } = await clientWithProject();
    const text = new TextEncoder().encode('0123456789abcdefghij');
    const { id } = (await (await upload(projectId, text, 'range.txt', { client: token })).json()) as { id: string };
    const part = await api.raw(`/api/files/${id}`, {
      headers: { authorization: `Bearer ${token}`, range: 'bytes=5-9' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 5-9/20');
    expect(await part.text()).toBe('56789');
    const whole = await api.raw(`/api/files/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(await whole.text()).toBe('0123456789abcdefghij');
    const past = await api.raw(`/api/files/${id}`, {
      headers: { authorization: `Bearer ${token}`, range: 'bytes=50-60' },
    });
    expect(past.status).toBe(416);
  });

  it('shows an image inline with a WebP preview; a PDF has no preview', async () => {
    const { token, projectId } = await clientWithProject();
    const image = (await (
      await upload(projectId, new Uint8Array(await png()), 'photo.png', { client: token })
    ).json()) as { id: string };
    const download = await api.raw(`/api/files/${image.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(download.headers.get('content-disposition')).toMatch(/^inline; filename="?photo\.png"?$/);
    expect(download.headers.get('content-type')).toBe('image/png');
    const preview = await api.raw(`/api/files/${image.id}/preview`, { headers: { authorization: `Bearer ${token}` } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480 });
    const pdf = (await (await upload(projectId, PDF, 'c.pdf', { client: token })).json()) as { id: string };
    expect(
      (await api.raw(`/api/files/${pdf.id}/preview`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(404);
  });
});

describe('deleting', () => {
  it('deletes a project’s files with the project, and the sweep deletes bytes no row names', async () => {
    const { token, projectId } = await clientWithProject();
    const { id } = (await (await upload(projectId, PDF, 'gone.pdf', { client: token })).json()) as { id: string };
    const [row] = await api.db.read.select().from(projectFiles).where(eq(projectFiles.id, id));
    expect(await api.storage.exists(row!.storageKey)).toBe(true);
    const deleted = await api.raw(`/api/admin/projects/${projectId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(deleted.status).toBe(204);
    expect(await api.storage.exists(row!.storageKey)).toBe(false);

    // Bytes left by a crash between an upload and its row: old ones go, recent ones stay.
    const kept = (await storedKeys()).length;
    await api.storage.put('ff/orphan-from-a-crash', Readable.from([Buffer.from('left behind')]));
    expect(await sweepOrphanFiles(api.db, api.storage, new Date())).toBe(0);
    expect(await sweepOrphanFiles(api.db, api.storage, new Date(Date.now() + 2 * 60 * 60 * 1000))).toBe(1);
    expect(await api.storage.exists('ff/orphan-from-a-crash')).toBe(false);
    expect((await storedKeys()).length).toBe(kept);
  });
});
