import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherAccountKey } from '../support/other-account';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

const maxUploadBytes = 64 * 1024;

describe('upload storage over HTTP', () => {
  let service: TestService;
  let otherKey: string;
  beforeAll(async () => {
    service = await startTestService({ SVC_MAX_UPLOAD_BYTES: String(maxUploadBytes) });
    otherKey = await createOtherAccountKey(service, 'files-other@example.org');
  });
  afterAll(() => disposeTestService(service));

  const uploadRaw = (name: string, body: BodyInit, headers: Record<string, string> = {}) =>
    service.call(`/storage/uploads/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...headers },
      body,
    });

  it('stores a raw-body upload and lists it with its size', async () => {
    const response = await uploadRaw('invoice.pdf', Buffer.from('%PDF-1.4 fake invoice'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      file: { name: 'invoice.pdf', size: 21, created_at: expect.any(String) },
    });
    const listed = await (await service.call('/storage/uploads')).json();
    expect(listed.files).toContainEqual(expect.objectContaining({ name: 'invoice.pdf', size: 21 }));
  });

  it('stores a multipart `file` upload under the name in the path', async () => {
    const form = new FormData();
    form.append('file', new Blob(['name,email\nAda,ada@example.org\n'], { type: 'text/csv' }), 'ignored.csv');
    const response = await service.call('/storage/uploads/contacts.csv', { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect((await response.json()).file).toMatchObject({ name: 'contacts.csv', size: 31 });
  });

  it('refuses a multipart body without a `file` field', async () => {
    const form = new FormData();
    form.append('document', new Blob(['x']), 'x.txt');
    const response = await service.call('/storage/uploads/x.txt', { method: 'POST', body: form });
    expect(response.status).toBe(422);
    expect((await response.json()).detail[0]).toMatchObject({ loc: ['body', 'file'] });
  });

  it('replaces a file uploaded again under the same name', async () => {
    await uploadRaw('notes.txt', 'first version');
    await uploadRaw('notes.txt', 'v2');
    const listed = await (await service.call('/storage/uploads')).json();
    expect(listed.files.filter((file: { name: string }) => file.name === 'notes.txt')).toEqual([
      expect.objectContaining({ size: 2 }),
    ]);
  });

  it('sanitizes a path-traversal name into a name inside the store', async () => {
    const response = await uploadRaw('../../etc/passwd', 'root:x:0:0');
    expect(response.status).toBe(200);
    expect((await response.json()).file.name).toBe('etc_passwd');
    const names = (await (await service.call('/storage/uploads')).json()).files.map(
      (file: { name: string }) => file.name,
    );
    expect(names).toContain('etc_passwd');
    expect(names.some((name: string) => name.includes('/') || name.startsWith('.'))).toBe(false);
  });

  it('answers 422 for a name with nothing usable in it', async () => {
    const response = await uploadRaw('...', 'x');
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'invalid_file_name', message: 'Invalid file name' });
  });

  it('answers 413 past the size limit, raw or multipart, and keeps nothing', async () => {
    const tooBig = Buffer.alloc(maxUploadBytes + 1, 1);
    const raw = await uploadRaw('big.bin', tooBig);
    expect(raw.status).toBe(413);
    expect(await raw.json()).toMatchObject({ code: 'payload_too_large', message: 'File too large' });

    const form = new FormData();
    form.append('file', new Blob([tooBig]), 'big.bin');
    const multipart = await service.call('/storage/uploads/big-form.bin', { method: 'POST', body: form });
    expect(multipart.status).toBe(413);

    const names = (await (await service.call('/storage/uploads')).json()).files.map(
      (file: { name: string }) => file.name,
    );
    expect(names).not.toContain('big.bin');
    expect(names).not.toContain('big-form.bin');
  });

  it('answers 413 for a streamed body without a length that grows past the limit', async () => {
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(maxUploadBytes / 2));
        controller.close();
      },
    });
    const response = await service.call('/storage/uploads/stream.bin', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('keeps uploads per account', async () => {
    await uploadRaw('mine-only.txt', 'private');
    const asOther = { headers: { authorization: `Bearer ${otherKey}` } };
    expect(await (await service.call('/storage/uploads', asOther)).json()).toEqual({ files: [] });
  });
});
