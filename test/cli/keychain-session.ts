import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface KeychainSession {
  /** Environment for processes that should reach this keychain. */
  env: Record<string, string>;
  stop(): void;
}

/**
 * A private D-Bus session with an unlocked gnome-keyring, for the keychain path of the CLI. Resolves with
 * the reason instead when the tools are missing, so the caller can skip with it.
 */
export async function startKeychainSession(home: string): Promise<KeychainSession | string> {
  for (const tool of ['dbus-run-session', 'gnome-keyring-daemon']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `${tool} is not installed`;
  }
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_DATA_HOME: `${home}/.local/share`,
    XDG_RUNTIME_DIR: home,
  };
  const script =
    'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; echo "$DBUS_SESSION_BUS_ADDRESS"; exec sleep 600';
  const child = spawn('dbus-run-session', ['--', 'sh', '-c', script], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const firstLine = await new Promise<string | undefined>((resolve) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', () => resolve(undefined));
  });
  const stop = () => {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
  };
  if (!firstLine) {
    stop();
    return 'dbus-run-session did not start a session bus';
  }
  return { env: { ...env, DBUS_SESSION_BUS_ADDRESS: firstLine.trim() }, stop };
}
