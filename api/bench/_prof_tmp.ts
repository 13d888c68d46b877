import { forkServer, installCleanup } from './children.js';
import { runLoad } from './runLoad.js';
import { seed } from './seed.js';
const url = 'postgres://postgres@127.0.0.1:5432/test';
installCleanup(120_000);
const s = await seed(url, 'vigil_bench', 100_000);
const srv = await forkServer(new URL('./servers/vigilServer.ts', import.meta.url).pathname, {
  BENCH_DATABASE_URL: url, BENCH_SCHEMA: 'vigil_bench', BENCH_SECRET_KEY: 'x'.repeat(40), BENCH_SUPERUSER_PASSWORD: 'adminpass123',

});
const r = await fetch(`http://127.0.0.1:${srv.port}/api/v1/login/access-token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `username=${s.ownerEmail}&password=${s.ownerPassword}` });
const token = (await r.json()).access_token;
console.log(await runLoad({ url: `http://127.0.0.1:${srv.port}/api/v1/alert/?limit=10`, connections: 50, duration: 8, warmup: 2, headers: { authorization: `Bearer ${token}` } }));
await srv.stop();
process.exit(0);
