import type { Command } from 'commander';
import { readSettings, serviceSettingsSchema } from '../shared/settings';

const shutdownDeadlineMs = 10_000;

interface ServeOptions {
  host?: string;
  port?: string;
  dataDir?: string;
}

/** `svc serve`: runs the service until SIGINT/SIGTERM; a second signal exits at once. */
export function addServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Run the svc service (HTTP API, browsers, console)')
    .option('--host <address>', 'address to listen on (SVC_HOST, default 127.0.0.1)')
    .option('--port <port>', 'port to listen on (SVC_PORT, default 8787)')
    .option('--data-dir <dir>', 'data directory (SVC_DATA_DIR, default ~/.svc/data)')
    .addHelpText('after', '\nExample:\n  $ svc serve --port 8787 --data-dir ./data')
    .action(async (options: ServeOptions) => {
      const settings = readSettings(serviceSettingsSchema, {
        ...process.env,
        SVC_HOST: options.host ?? process.env.SVC_HOST,
        SVC_PORT: options.port ?? process.env.SVC_PORT,
        SVC_DATA_DIR: options.dataDir ?? process.env.SVC_DATA_DIR,
      });
      // Loaded on demand: every other command starts without the service's dependencies.
      const { startService } = await import('../service/start-service');
      const service = await startService(settings);
      let isStopping = false;
      const onSignal = (signal: NodeJS.Signals) => {
        if (isStopping) process.exit(130);
        isStopping = true;
        service.app.log.info({ signal }, 'shutting down');
        setTimeout(() => process.exit(1), shutdownDeadlineMs).unref();
        service.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            service.app.log.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    });
}
