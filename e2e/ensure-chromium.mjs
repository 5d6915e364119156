// Browser tests drive Debian's Chromium (no browser download is possible here).
// Installs it with apt-get when missing and running as root; otherwise says what to install.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `Chromium is missing at ${chromium}. Install Debian's chromium package (sudo apt-get install chromium) ` +
        'or set CHROMIUM_PATH to a Chromium binary, then run the tests again.',
    );
    process.exit(1);
  }
  console.log(`Chromium is missing at ${chromium}: installing Debian's chromium with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync('apt-get update -qq && apt-get install -y -qq chromium fonts-dejavu-core', {
    stdio: 'inherit',
    env,
  });
}
