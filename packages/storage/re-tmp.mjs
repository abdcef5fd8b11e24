import { PGlite } from '@electric-sql/pglite';
const db = new PGlite();
const words = Array.from({ length: 9000 }, (_, i) => 'word' + i).join(' ');
for (const n of [2000, 10000, 20000, 50000]) {
  const lit = words.slice(0, n);
  const t = performance.now();
  try {
    const r = await db.query(`SELECT regexp_replace($1::text, $2, '[erased]', 'gi') AS x`, ['pre ' + lit + ' post', '(' + lit.replace(/[\\.^$|?*+()[\]{}]/g, (c) => '\\' + c) + ')']);
    console.log(n, 'ok', r.rows[0].x.length, Math.round(performance.now() - t), 'ms');
  } catch (e) { console.log(n, 'ERR', e.message); }
}
