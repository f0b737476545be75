// Finds the Chromium the browser tests use: CHROMIUM_PATH, else /usr/bin/chromium.
// When it is missing and we are root, installs Debian's `chromium` package; otherwise says how.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) {
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Chromium not found at ${path}. Install Debian's package (sudo apt-get install -y chromium) ` +
      'or set CHROMIUM_PATH to a Chromium binary.',
  );
  process.exit(1);
}
console.log('Chromium not found: installing Debian package "chromium"...');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
  stdio: 'inherit',
  shell: '/bin/bash',
});
if (!existsSync(path)) {
  console.error(`Chromium still missing at ${path} after the install.`);
  process.exit(1);
}
