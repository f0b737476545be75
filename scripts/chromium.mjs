// The one place that says which Chromium binary and flags every browser test uses.
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
