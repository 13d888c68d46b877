// One cold page load in headless Chromium, measured from the browser's own network events:
// what crossed the wire (CDP Network.loadingFinished's encodedDataLength: the bytes received
// for a request, headers included, compressed as the server sent them), how many requests,
// the first contentful paint, and when the page's own content showed. Used by benchWeb.mjs.

/** The two profiles: a fast network with a slow phone's CPU, and slow 4G with it. */
export const PROFILES = [
  { name: '4x CPU', cpu: 4, network: null },
  {
    name: 'slow 4G + 4x CPU',
    cpu: 4,
    // Chromium's units: latency in ms, throughputs in bytes per second.
    network: { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 },
  },
];

export const KiB = 1024;
/** Requests that stay open by design: the console's live change stream. */
const LONG_LIVED = /\/api\/v1\/alert\/changes\b/;
/** No request in flight for this long: the page fetched what it fetches on load. */
const QUIET_MS = 1_000;

export const median = (values) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const header = (headers, name) => {
  for (const [key, value] of Object.entries(headers ?? {})) if (key.toLowerCase() === name) return String(value);
  return undefined;
};

/**
 * Runs in the page before its own scripts: when the first contentful paint is reported (the
 * observer's callback comes right after that frame), keeps the text the document then showed.
 * A page that paints a spinner or a blank shell first has no content in it; a server-rendered
 * page has its content there before any script has run.
 */
function watchFirstPaint() {
  new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length || window.__benchFirstPaint) return;
    // The rendered text: textContent would also read the page's embedded JSON data, which holds the title unpainted.
    // biome-ignore lint/performance/useDomNodeTextContent: what the paint showed is the point
    window.__benchFirstPaint = { text: document.body?.innerText ?? '' };
  }).observe({ type: 'paint', buffered: true });
}

/**
 * A fresh context (empty cache, no service worker), the profile's throttling set before the
 * navigation, `token` (a console session) in localStorage before any of the page's scripts
 * run. Waits for `ready(page)` to show, then for the network to go quiet so lazy chunks count.
 * With `paintText`, also whether the first contentful paint already showed that text.
 */
export async function measureOnce(browser, { url, ready, profile, token, paintText }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (token) await context.addInitScript((t) => localStorage.setItem('access_token', t), token);
  if (paintText) await context.addInitScript(watchFirstPaint);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    const requests = new Map();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (!response.url.startsWith('http')) return;
      requests.set(requestId, {
        url: response.url,
        type,
        encoding: header(response.headers, 'content-encoding') ?? 'identity',
        bytes: 0,
        done: false,
      });
    });
    // In flight, for "the network went quiet": the console's change stream never ends, so
    // Playwright's networkidle never comes on a signed-in page; it is left out here.
    const inFlight = new Set();
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (!request.url.startsWith('http') || LONG_LIVED.test(request.url)) return;
      inFlight.add(requestId);
      lastActivity = Date.now();
    });
    const settled = (requestId) => {
      inFlight.delete(requestId);
      lastActivity = Date.now();
    };
    cdp.on('Network.loadingFailed', ({ requestId }) => settled(requestId));
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      settled(requestId);
      const request = requests.get(requestId);
      if (request) Object.assign(request, { bytes: encodedDataLength, done: true });
    });
    const quiet = async () => {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS))
        await new Promise((r) => setTimeout(r, 100));
    };
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    await ready(page).waitFor({ state: 'visible', timeout: 120_000 });
    const readyMs = await page.evaluate(() => performance.now());
    await quiet();
    const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
    const firstPaint = paintText ? await page.evaluate(() => window.__benchFirstPaint ?? null) : null;
    const all = [...requests.values()].filter((r) => r.done);
    const scripts = all.filter((r) => r.type === 'Script');
    return {
      fcpMs,
      readyMs,
      // null: not asked (no paintText), or the paint was never reported.
      paintHoldsText: firstPaint ? firstPaint.text.includes(paintText) : null,
      requests: all.length,
      bytes: all.reduce((n, r) => n + r.bytes, 0),
      jsRequests: scripts.length,
      jsBytes: scripts.reduce((n, r) => n + r.bytes, 0),
      jsEncodings: [...new Set(scripts.map((r) => r.encoding))],
      files: all.map(({ url: u, type, encoding, bytes }) => ({ path: new URL(u).pathname, type, encoding, bytes })),
    };
  } finally {
    await context.close();
  }
}

/** The medians of one side's runs of one page and profile. */
export function summarise(runs) {
  const pick = (key) => runs.map((r) => r[key]).filter((v) => v !== null && v !== undefined);
  const round = (v) => (v == null ? null : Math.round(v));
  return {
    runs: runs.length,
    fcpMs: round(median(pick('fcpMs'))),
    fcpRunsMs: pick('fcpMs').map(Math.round),
    readyMs: round(median(pick('readyMs'))),
    readyRunsMs: pick('readyMs').map(Math.round),
    paintHoldsText: pick('paintHoldsText').length ? `${pick('paintHoldsText').filter(Boolean).length}/${runs.length}` : null,
    requests: median(pick('requests')),
    jsRequests: median(pick('jsRequests')),
    jsKiB: Number((median(pick('jsBytes')) / KiB).toFixed(1)),
    totalKiB: Number((median(pick('bytes')) / KiB).toFixed(1)),
    jsEncodings: [...new Set(runs.flatMap((r) => r.jsEncodings))],
    files: runs[0]?.files.sort((a, b) => b.bytes - a.bytes) ?? [],
  };
}
