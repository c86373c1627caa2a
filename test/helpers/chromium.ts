// Headless Chromium (Debian's `chromium`) for tests that look at a page as a browser shows it. The
// fonts are the project's own Noto Sans JP/KR (node_modules), through a fontconfig of their own, so a
// screenshot is the same on any machine whatever fonts it has installed. Started with the flags this
// sandbox needs (no network chatter, no GPU, no sandbox as root), a fresh profile each time.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** CI installs it (.ci/run); there a missing browser fails instead of skipping. */
export const CHROMIUM_REQUIRED = process.env.CI === 'true' || process.env.REQUIRE_CHROMIUM === '1';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

function fontConfig(dir: string): string {
  const jp = dirname(require.resolve('@expo-google-fonts/noto-sans-jp'));
  const kr = dirname(require.resolve('@expo-google-fonts/noto-sans-kr'));
  const prefer = '<prefer><family>Noto Sans JP</family><family>Noto Sans KR</family></prefer>';
  const file = join(dir, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${join(jp, '400Regular')}</dir>
  <dir>${join(jp, '700Bold')}</dir>
  <dir>${join(kr, '400Regular')}</dir>
  <cachedir>${join(dir, 'font-cache')}</cachedir>
  <alias><family>sans-serif</family>${prefer}</alias>
  <alias><family>serif</family>${prefer}</alias>
  <alias><family>monospace</family>${prefer}</alias>
</fontconfig>
`,
  );
  return file;
}

async function withPage<T>(html: string, action: (page: string, dir: string, env: NodeJS.ProcessEnv, flags: string[]) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'chromium-'));
  try {
    const page = join(dir, 'page.html');
    writeFileSync(page, html);
    const env = { ...process.env, FONTCONFIG_FILE: fontConfig(dir), HOME: dir };
    const flags = [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      '--hide-scrollbars',
      '--force-device-scale-factor=1',
      '--font-render-hinting=none',
      `--user-data-dir=${join(dir, 'profile')}`,
    ];
    return await action(page, dir, env, flags);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The page as Chromium draws it in a window of this size: a PNG. */
export function screenshot(html: string, width: number, height: number): Promise<Buffer> {
  return withPage(html, async (page, dir, env, flags) => {
    const png = join(dir, 'shot.png');
    await run(CHROMIUM, [...flags, `--window-size=${width},${height}`, `--screenshot=${png}`, `file://${page}`], { env, timeout: 60_000 });
    return readFileSync(png);
  });
}

/** The document Chromium built from the page (its DOM, serialised): what the HTML became, not what it said. */
export function dumpDom(html: string): Promise<string> {
  return withPage(html, async (page, _dir, env, flags) => {
    const { stdout } = await run(CHROMIUM, [...flags, '--dump-dom', `file://${page}`], { env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  });
}
