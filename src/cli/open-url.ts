import { spawn } from 'node:child_process';

const openers: Record<string, [string, string[]]> = {
  darwin: ['open', []],
  win32: ['cmd', ['/c', 'start', '""']],
};

/** Opens a URL in the desktop's browser; resolves false when no opener could be started. */
export function openUrl(url: string): Promise<boolean> {
  const [command, args] = openers[process.platform] ?? ['xdg-open', []];
  return new Promise((resolve) => {
    const child = spawn(command, [...args, url], { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
