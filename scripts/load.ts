// Load generator for `npm run bench`, run as its own process so it does not share the server's
// event loop. After an unmeasured warm-up it prints one JSON line: exact p50/p95/p99 (from every
// response's time) and throughput.
import autocannon from 'autocannon';

const [url, cookie = '', connections = '50', duration = '10', warmup = '3'] = process.argv.slice(2);
const times: number[] = [];
let errors = 0;

// Warm-up, not measured: JIT compilation, connection pools and caches settle first, as in any
// server that has been up for more than a few seconds.
if (Number(warmup) > 0) {
  await new Promise((resolve, reject) =>
    autocannon({ url: url!, connections: Number(connections), duration: Number(warmup), headers: cookie ? { cookie } : {} }, (err, res) => (err ? reject(err) : resolve(res))),
  );
}
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon({ url: url!, connections: Number(connections), duration: Number(duration), headers: cookie ? { cookie } : {} }, (err, res) => (err ? reject(err) : resolve(res)));
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode !== 200) errors++;
    times.push(responseTime);
  });
});
times.sort((a, b) => a - b);
const pct = (p: number) => Math.round((times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0) * 100) / 100;
console.log(JSON.stringify({ p50: pct(50), p95: pct(95), p99: pct(99), rps: Math.round(result.requests.average), requests: times.length, errors }));
