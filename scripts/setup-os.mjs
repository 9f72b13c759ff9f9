#!/usr/bin/env node
// Installs the OS packages svc needs (Debian/Ubuntu) when they are missing; otherwise says what to run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const onPath = (command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** Each package with the check that tells it is there. */
const requirements = [
  { pkg: 'chromium', present: () => onPath('chromium') || existsSync('/usr/bin/chromium') },
  // Headless sessions run on it where the distribution ships it (Debian does, Ubuntu not): the same Chromium
  // without the browser UI, lighter per session. Without it they run on the full Chromium.
  {
    pkg: 'chromium-headless-shell',
    present: () => existsSync('/usr/bin/chromium-headless-shell'),
    optional: true,
  },
  { pkg: 'xvfb', present: () => onPath('Xvfb') && onPath('xvfb-run') },
  { pkg: 'dbus', present: () => onPath('dbus-run-session') },
  { pkg: 'gnome-keyring', present: () => onPath('gnome-keyring-daemon') },
  { pkg: 'libsecret-1-dev', present: () => existsSync('/usr/include/libsecret-1') },
  { pkg: 'ffmpeg', present: () => onPath('ffmpeg') && onPath('ffprobe') },
  { pkg: 'fonts-liberation', present: () => existsSync('/usr/share/fonts/truetype/liberation') },
  { pkg: 'fonts-noto-color-emoji', present: () => existsSync('/usr/share/fonts/truetype/noto') },
  // Native modules (better-sqlite3, keytar) build from source when no prebuilt binary can be fetched.
  { pkg: 'build-essential', present: () => onPath('g++') && onPath('make') },
  { pkg: 'python3', present: () => onPath('python3') },
];

/** Debian ships every optional package; elsewhere apt's index says (it may not know them before an update). */
const isDebian = () =>
  existsSync('/etc/os-release') && /^ID=debian$/m.test(readFileSync('/etc/os-release', 'utf8'));
const offered = (pkg) =>
  isDebian() || spawnSync('apt-cache', ['show', pkg], { stdio: 'ignore' }).status === 0;

const missing = requirements
  .filter((requirement) => !requirement.present() && (!requirement.optional || offered(requirement.pkg)))
  .map((requirement) => requirement.pkg);
if (missing.length === 0) {
  console.log('setup: OS packages present');
  process.exit(0);
}

const install = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing.join(' ')}`;
const isRoot = process.getuid?.() === 0;
if (!isRoot || !onPath('apt-get')) {
  console.error(`setup: missing OS packages: ${missing.join(', ')}\nRun: sudo sh -c '${install}'`);
  process.exit(1);
}
console.log(`setup: installing ${missing.join(' ')}`);
execFileSync('sh', ['-c', install], { stdio: 'inherit' });
