import type { FastifyInstance } from 'fastify';
import { healthOperations } from '../../shared/health';
import { addRoute } from '../http/route';
import { productVersion } from '../version';

export function registerHealthRoutes(app: FastifyInstance): void {
  addRoute(app, healthOperations.getHealth, async () => ({
    status: 'ok' as const,
    version: productVersion,
    description: 'svc browser-automation service',
  }));
}
