import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { chromiumChildren, startSession, stopSession } from '../sessions/session-helpers';
import { createOtherAccountKey } from '../support/other-account';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

interface ListedFile {
  name: string;
  size: number;
}

describe('session file storage: downloads and uploads through page actions', () => {
  let service: TestService;
  let sites: FixtureServer;
  let otherKey: string;
  let sessionId: string;
  const report = 'quarter,revenue\nQ1,100\nQ2,140\n';

  const execute = async (action: Record<string, unknown>) => {
    const response = await service.call(`/sessions/${sessionId}/page/execute`, {
      method: 'POST',
      json: action,
    });
    expect(response.status).toBe(200);
    return response.json();
  };
  const listDownloads = async (id = sessionId, headers?: HeadersInit) => {
    const response = await service.call(`/storage/${id}/downloads`, { headers });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    [service, sites] = await Promise.all([
      startTestService({ SVC_BROWSER_WARM_CONTEXTS: '0' }),
      startFixtureServer(),
    ]);
    otherKey = await createOtherAccountKey(service, 'downloads-other@example.org');
    sessionId = (await startSession(service)).session_id;
  });
  afterAll(async () => {
    await disposeTestService(service);
    await sites.close();
    expect(chromiumChildren()).toEqual([]);
  });

  it('lists no downloads for a fresh session of the caller', async () => {
    expect(await listDownloads()).toEqual({ status: 200, body: { files: [] } });
  });

  it('keeps what download_file downloaded, listed with its size and fetchable byte for byte', async () => {
    expect(await execute({ type: 'goto', url: sites.url('download.html') })).toMatchObject({ success: true });
    const result = await execute({ type: 'download_file', selector: '#report' });
    expect(result).toMatchObject({
      success: true,
      data: { file_name: 'quarterly report.csv', size: report.length },
    });

    const { body } = await listDownloads();
    expect(body.files).toEqual([
      expect.objectContaining({ name: 'quarterly report.csv', size: report.length }),
    ]);

    const file = await service.call(
      `/storage/${sessionId}/downloads/${encodeURIComponent('quarterly report.csv')}`,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''quarterly%20report.csv");
    expect(await file.text()).toBe(report);
  });

  it('numbers a second download of the same name instead of overwriting the first', async () => {
    await execute({ type: 'download_file', selector: '#report' });
    const names = (await listDownloads()).body.files.map((file: ListedFile) => file.name);
    expect(names).toEqual(['quarterly report (1).csv', 'quarterly report.csv']);
  });

  it('keeps a hostile suggested name inside the session directory', async () => {
    const result = await execute({ type: 'download_file', selector: '#traversal' });
    expect(result.success).toBe(true);
    expect(result.data.file_name).not.toMatch(/[/\\]|^\./);
    const names = (await listDownloads()).body.files.map((file: ListedFile) => file.name);
    expect(names).toContain(result.data.file_name);
  });

  it('answers 404 for a file the session did not download', async () => {
    const missing = await service.call(`/storage/${sessionId}/downloads/nothing.pdf`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'file_not_found' });
  });

  it('answers 404 to another account, and for a session that does not exist', async () => {
    const asOther = { authorization: `Bearer ${otherKey}` };
    expect(await listDownloads(sessionId, asOther)).toMatchObject({
      status: 404,
      body: { code: 'session_not_found' },
    });
    const file = await service.call(
      `/storage/${sessionId}/downloads/${encodeURIComponent('quarterly report.csv')}`,
      {
        headers: asOther,
      },
    );
    expect(file.status).toBe(404);
    expect((await listDownloads('ses_does_not_exist')).status).toBe(404);
  });

  it('hands an uploaded file to a file input through upload_file, by its stored name', async () => {
    const upload = await service.call(`/storage/uploads/${encodeURIComponent('../avatar.png')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from('not really a png'),
    });
    expect((await upload.json()).file.name).toBe('avatar.png');
    await execute({ type: 'goto', url: sites.url('forms.html') });
    expect(
      await execute({ type: 'upload_file', selector: '#avatar', file_path: 'avatar.png' }),
    ).toMatchObject({
      success: true,
    });
    const chosen = await execute({
      type: 'evaluate_js',
      code: "() => { const file = document.getElementById('avatar').files[0]; return [file.name, file.size]; }",
    });
    expect(chosen.data).toEqual(['avatar.png', 16]);

    const missing = await service.call(`/sessions/${sessionId}/page/execute`, {
      method: 'POST',
      json: { type: 'upload_file', selector: '#avatar', file_path: 'never-uploaded.pdf' },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'file_not_found' });
  });

  it('still serves the downloads after the session stopped', async () => {
    await stopSession(service, sessionId);
    const { body } = await listDownloads();
    expect(body.files.map((file: ListedFile) => file.name)).toContain('quarterly report.csv');
  });
});
