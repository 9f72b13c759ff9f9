import type { Download } from 'playwright-core';

/**
 * What page actions need of the files domain (FilesService satisfies it): the path of an uploaded file, and a
 * place for what the browser downloads.
 */
export interface SessionFiles {
  /** Absolute path of `fileName` in the account's uploads; 404 `file_not_found` when there is none. */
  resolveUpload(accountId: string, fileName: string): Promise<string>;
  /** Keeps a finished download in the session's downloads under a sanitized, free name. */
  saveDownload(
    accountId: string,
    sessionId: string,
    download: Download,
  ): Promise<{ name: string; size: number }>;
}
