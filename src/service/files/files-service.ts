import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Download } from 'playwright-core';
import { AppError } from '../../shared/errors';
import type { StoredFile } from '../../shared/files';
import { sanitizeFileName } from './file-name';
import {
  describeFile,
  fileTooLarge,
  listStoredFiles,
  partialPath,
  publishUnderFreeName,
  writeStreamedFile,
} from './stored-files';

export interface FileLimits {
  maxUploadBytes: number;
  maxDownloadBytes: number;
}

/** Rejects with 404 `session_not_found` unless the session (running or ended) is the account's. */
export type RequireSession = (accountId: string, sessionId: string) => Promise<unknown>;

/**
 * Per-account file storage on disk: uploads at `<root>/<account>/uploads/`, what a session downloaded at
 * `<root>/<account>/sessions/<session>/downloads/`. Downloads stay readable after the session ended.
 */
export class FilesService {
  constructor(
    private readonly root: string,
    readonly limits: FileLimits,
    private readonly requireSession: RequireSession,
  ) {}

  static inDataDir(dataDir: string, limits: FileLimits, requireSession: RequireSession): FilesService {
    return new FilesService(join(dataDir, 'files'), limits, requireSession);
  }

  async saveUpload(accountId: string, requestedName: string, content: Readable): Promise<StoredFile> {
    const name = sanitizeFileName(requestedName);
    const directory = this.uploadsDir(accountId);
    await writeStreamedFile(directory, name, content, this.limits.maxUploadBytes);
    return (await describeFile(directory, name)) ?? fileNotFound(name);
  }

  listUploads(accountId: string): Promise<StoredFile[]> {
    return listStoredFiles(this.uploadsDir(accountId));
  }

  /** Absolute path of an uploaded file, for `upload_file`; 404 `file_not_found` if the account has none of that name. */
  async resolveUpload(accountId: string, fileName: string): Promise<string> {
    const name = sanitizeFileName(fileName);
    if (!(await describeFile(this.uploadsDir(accountId), name))) fileNotFound(name);
    return join(this.uploadsDir(accountId), name);
  }

  /**
   * Saves a finished browser download into the session's downloads under its suggested name (sanitized,
   * numbered if taken). Over the size limit it is a 413 and nothing is kept.
   */
  async saveDownload(
    accountId: string,
    sessionId: string,
    download: Download,
  ): Promise<{ name: string; size: number }> {
    const failure = await download.failure();
    if (failure) throw new AppError('download_failed', 'Download failed', failure);
    const directory = this.downloadsDir(accountId, sessionId);
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const partial = partialPath(directory);
    try {
      await download.saveAs(partial);
      const { size } = await stat(partial);
      if (size > this.limits.maxDownloadBytes) throw fileTooLarge(this.limits.maxDownloadBytes);
      const name = await publishUnderFreeName(
        partial,
        directory,
        sanitizeFileName(download.suggestedFilename()),
      );
      return { name, size };
    } finally {
      await rm(partial, { force: true });
    }
  }

  async listDownloads(accountId: string, sessionId: string): Promise<StoredFile[]> {
    return listStoredFiles(await this.ownedDownloadsDir(accountId, sessionId));
  }

  /** Path and size of one downloaded file of the session; 404 `file_not_found` if there is none of that name. */
  async findDownload(
    accountId: string,
    sessionId: string,
    fileName: string,
  ): Promise<{ path: string; file: StoredFile }> {
    const directory = await this.ownedDownloadsDir(accountId, sessionId);
    const name = sanitizeFileName(fileName);
    const file = (await describeFile(directory, name)) ?? fileNotFound(name);
    return { path: join(directory, name), file };
  }

  private uploadsDir(accountId: string): string {
    return join(this.root, accountId, 'uploads');
  }

  private downloadsDir(accountId: string, sessionId: string): string {
    return join(this.root, accountId, 'sessions', sessionId, 'downloads');
  }

  /** The session's download directory (it may not exist yet); 404 `session_not_found` unless the session is the account's. */
  private async ownedDownloadsDir(accountId: string, sessionId: string): Promise<string> {
    await this.requireSession(accountId, sessionId);
    return this.downloadsDir(accountId, sessionId);
  }
}

function fileNotFound(name: string): never {
  throw new AppError('file_not_found', 'File not found', `No file named "${name}"`);
}
