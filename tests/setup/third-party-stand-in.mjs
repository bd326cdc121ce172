// Loopback stand-in for the two consent-gated third parties (test fixture, not a mock of our code):
// the tag manager (gtm.js, ns.html) and the chat widget CDN (manifest <key>.json, messenger script).
// Every request is logged with the marker of the test that caused it, read from the User-Agent
// (`StandinMarker/<id>`: sent with every request, also the cors manifest fetch that carries no
// cookies) or a `marker` query parameter; GET /__log?marker=<id> answers that test's requests.
// Widget keys choose the behaviour: a key ending in "-eol" yields an API at its end of life.
import { createServer } from 'node:http'

const port = Number(process.env.PORT ?? 3314)
const host = process.env.HOST ?? '127.0.0.1'
/** @type {{ marker: string | null, method: string, path: string, query: string, origin: string | null }[]} */
const log = []

function markerOf(req, url) {
  const fromAgent = /StandinMarker\/([\w-]+)/.exec(req.headers['user-agent'] ?? '')?.[1]
  return fromAgent ?? url.searchParams.get('marker')
}

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers })
  res.end(body)
}

const gtmScript = (id) => `(function () {
  var layer = window.dataLayer || [];
  document.documentElement.setAttribute('data-standin-tag-manager', ${JSON.stringify(id)});
  layer.push({ event: 'standin.loaded' });
})();
`

const nsHtml = (id) => `<!doctype html><html lang="en"><head><title>Tag manager stand-in</title></head><body>${id}</body></html>`

// A small messenger in the shape of Userlike's version-2 API: mount shows a panel, destroy removes it.
const messengerScript = (key) => `(function () {
  var key = ${JSON.stringify(key)};
  var ok = function () { return Promise.resolve({ kind: 'success', value: undefined }); };
  function createMessenger(version) {
    return function () {
      if (version !== 2) return Promise.resolve({ kind: 'error', error: 'unknown version ' + version });
      if (/-eol$/.test(key)) return Promise.resolve({ kind: 'success', value: { api: null } });
      var panel = null;
      var remove = function () { if (panel) { panel.remove(); panel = null; } return ok(); };
      var api = {
        mount: function () {
          if (!panel) {
            panel = document.createElement('aside');
            panel.setAttribute('data-testid', 'standin-chat');
            panel.setAttribute('data-widget-key', key);
            panel.setAttribute('aria-label', 'Chat');
            panel.textContent = 'Chat ' + key;
            document.body.appendChild(panel);
          }
          return ok();
        },
        unmount: remove,
        destroy: remove,
      };
      return Promise.resolve({ kind: 'success', value: { api: api } });
    };
  }
  window.dispatchEvent(new CustomEvent('userlike:messenger:script', {
    detail: { widget_key: key, config: { key: key }, createMessenger: createMessenger },
  }));
})();
`

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`)
  if (url.pathname === '/healthz') return send(res, 200, 'text/plain', 'ok')
  if (url.pathname === '/__log') {
    const marker = url.searchParams.get('marker')
    return send(res, 200, 'application/json', JSON.stringify(log.filter((entry) => entry.marker === marker)))
  }
  log.push({ marker: markerOf(req, url), method: req.method ?? 'GET', path: url.pathname, query: url.search, origin: req.headers.origin ?? null })
  if (log.length > 20_000) log.splice(0, 10_000)

  if (url.pathname === '/gtm.js') return send(res, 200, 'text/javascript', gtmScript(url.searchParams.get('id') ?? ''))
  if (url.pathname === '/ns.html') return send(res, 200, 'text/html; charset=utf-8', nsHtml(url.searchParams.get('id') ?? ''))
  const manifest = /^\/([\w-]+)\.json$/.exec(url.pathname)
  if (manifest) {
    // The manifest is fetched cross-origin (cors): only the page's origin may read it.
    const cors = { 'Access-Control-Allow-Origin': req.headers.origin ?? '*', Vary: 'Origin' }
    return send(res, 200, 'application/json', JSON.stringify({ version: 2, script: `/messenger/${manifest[1]}.js` }), cors)
  }
  const script = /^\/messenger\/([\w-]+)\.js$/.exec(url.pathname)
  if (script) return send(res, 200, 'text/javascript', messengerScript(script[1]))
  return send(res, 404, 'text/plain', 'not found')
})

server.listen(port, host, () => {
  process.stdout.write(`third-party stand-in on http://${host}:${port}\n`)
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)))
