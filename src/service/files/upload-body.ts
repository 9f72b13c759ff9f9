import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { AppError } from '../../shared/errors';
import { fileTooLarge } from './stored-files';

/**
 * Lets the routes of `scope` take a file as the raw request body (any type without a parser of its own,
 * application/octet-stream in particular) or as multipart `file`; both arrive as streams, so a large
 * file never sits in memory.
 */
export async function acceptUploadBodies(scope: FastifyInstance, maxBytes: number): Promise<void> {
  scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  // The functions domain may register multipart for the whole app; registering it twice would fail.
  if (!scope.hasRequestDecorator('isMultipart')) {
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 0 } });
  }
}

/** The uploaded bytes of a request as a stream that fails with 413 past `maxBytes`. */
export async function uploadContent(request: FastifyRequest, maxBytes: number): Promise<Readable> {
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw fileTooLarge(maxBytes);
  if (request.isMultipart()) return multipartFile(request, maxBytes);
  if (request.body === undefined) return Readable.from([]);
  if (request.body instanceof Readable) return request.body;
  throw new AppError(
    'unsupported_media_type',
    'Unsupported content type',
    'Send the file as the raw body (application/octet-stream) or as multipart/form-data with a `file` field',
  );
}

async function multipartFile(request: FastifyRequest, maxBytes: number): Promise<Readable> {
  const part = await request.file();
  if (!part || part.fieldname !== 'file') {
    throw new AppError('validation_failed', 'Validation error', [
      { loc: ['body', 'file'], msg: 'Send the file in a multipart field named `file`', type: 'missing' },
    ]);
  }
  // Multipart cuts a file off at the limit and ends the stream normally; turn that into a failed upload.
  part.file.once('limit', () => part.file.destroy(fileTooLarge(maxBytes)));
  return part.file;
}
