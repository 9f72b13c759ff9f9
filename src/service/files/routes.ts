import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { fileOperations } from '../../shared/files';
import { addRoute } from '../http/route';
import type { FilesService } from './files-service';
import { acceptUploadBodies, uploadContent } from './upload-body';

export function registerFileRoutes(app: FastifyInstance, files: FilesService): void {
  const { maxUploadBytes } = files.limits;
  // A scope of its own, so the raw-body and multipart parsers apply to these routes only.
  void app.register(async (scope) => {
    await acceptUploadBodies(scope, maxUploadBytes);
    addRoute(scope, fileOperations.uploadFile, async ({ principal, params, request, reply }) => {
      try {
        const content = await uploadContent(request, maxUploadBytes);
        const file = await files.saveUpload(principal.accountId, params.filename, content);
        return { success: true, message: `Stored ${file.name} (${file.size} bytes)`, file };
      } catch (error) {
        // A refused upload can leave body bytes unread on the connection: close it rather than reuse it.
        reply.header('connection', 'close');
        throw error;
      }
    });
  });
  addRoute(app, fileOperations.listUploads, async ({ principal }) => ({
    files: await files.listUploads(principal.accountId),
  }));
  addRoute(app, fileOperations.listDownloads, async ({ principal, params }) => ({
    files: await files.listDownloads(principal.accountId, params.session_id),
  }));
  addRoute(app, fileOperations.getDownload, async ({ principal, params, reply }) => {
    const { path, file } = await files.findDownload(principal.accountId, params.session_id, params.filename);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-disposition', attachment(file.name))
      .send(createReadStream(path));
  });
}

/** RFC 6266 header: an ASCII fallback plus the exact UTF-8 name. */
function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
