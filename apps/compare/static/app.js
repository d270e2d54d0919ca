// The page: every picture is computed here, in the browser, by the emulator packages.
import { doubleToHex } from '@emu/core';
import { ERAS, NODE_RELEASES, PACKAGE_IDS, createEngine } from '@emu/engines';
import { processSeed, seedKind } from '/ids.js';

const DEFAULT_ENGINES = [...PACKAGE_IDS];
const MAX_COUNT = 4096;
const ID_COUNT = 100000;
const ID_LENGTH = 22;
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const $ = (id) => document.getElementById(id);

function knownIds() {
  return [...PACKAGE_IDS, ...NODE_RELEASES.map((r) => `node@${r.node}`), ...ERAS.map((e) => `${e.family}@${e.from}`)];
}

function readParams() {
  const p = new URLSearchParams(location.search);
  return {
    engines: (p.get('engines') ?? DEFAULT_ENGINES.join(',')).split(',').map((s) => s.trim()).filter(Boolean),
    seed: p.get('seed') ?? '42',
    count: p.get('count') ?? '256',
  };
}

function showError(message) {
  const box = $('error');
  box.textContent = message;
  box.hidden = false;
}

function validate({ engines, seed, count }) {
  if (engines.length === 0) throw new Error('choose at least one engine');
  if (!/^-?[0-9]+$/.test(seed)) throw new Error(`seed must be an integer, got ${JSON.stringify(seed)}`);
  const n = Number(count);
  if (!/^[0-9]+$/.test(count) || n < 1 || n > MAX_COUNT) throw new Error(`count must be an integer in [1, ${MAX_COUNT}], got ${JSON.stringify(count)}`);
  return n;
}

function canvas(w, h, scale = 1) {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  c.style.width = `${w * scale}px`;
  c.style.height = `${h * scale}px`;
  return c;
}

/** One row per value: the 53 bits of x·2^53, most significant on the left. */
function bitPlane(values) {
  const c = canvas(53, values.length, 3);
  const ctx = c.getContext('2d');
  const img = ctx.createImageData(53, values.length);
  values.forEach((x, row) => {
    const hi = Math.floor(x * 2 ** 21); // top 21 bits
    const lo = Math.floor((x * 2 ** 21 - hi) * 2 ** 32); // next 32 bits (exact: x = k / 2^53)
    for (let b = 0; b < 53; b++) {
      const bit = b < 21 ? (hi >>> (20 - b)) & 1 : (lo >>> (31 - (b - 21))) & 1;
      const o = (row * 53 + b) * 4;
      const v = bit ? 20 : 245;
      img.data[o] = img.data[o + 1] = img.data[o + 2] = v;
      img.data[o + 3] = 255;
    }
  });
  ctx.putImageData(img, 0, 0);
  return c;
}

function scatter(values) {
  const size = 220;
  const c = canvas(size, size);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = 'rgba(20, 60, 160, 0.8)';
  for (let i = 0; i + 1 < values.length; i++) ctx.fillRect(values[i] * size, (1 - values[i + 1]) * size, 2, 2);
  return c;
}

function histogram(values, bins = 32) {
  const w = 220;
  const h = 90;
  const counts = new Array(bins).fill(0);
  for (const x of values) counts[Math.floor(x * bins)]++;
  const max = Math.max(...counts, 1);
  const c = canvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#4a7';
  counts.forEach((n, i) => {
    const bh = (n / max) * (h - 4);
    ctx.fillRect((i * w) / bins + 1, h - bh, w / bins - 2, bh);
  });
  ctx.strokeStyle = '#c33';
  const expected = values.length / bins;
  ctx.beginPath();
  ctx.moveTo(0, h - (expected / max) * (h - 4));
  ctx.lineTo(w, h - (expected / max) * (h - 4));
  ctx.stroke();
  return c;
}

/**
 * Betable's identifiers: 22 base64 characters, one Math.floor(random() * 64) each — each from a
 * freshly seeded engine (seed + i), as from many processes that each made a request ID.
 */
function collisions(id, seed) {
  const seen = new Set();
  let hits = 0;
  const kind = seedKind(createEngine(id, { seed }));
  for (let i = 0; i < ID_COUNT; i++) {
    const emu = createEngine(id, { seed: processSeed(Number(seed), i, kind) });
    let ident = '';
    for (let k = 0; k < ID_LENGTH; k++) ident += BASE64[Math.floor(emu.random() * 64)];
    if (seen.has(ident)) hits++;
    else seen.add(ident);
  }
  return hits;
}

function column(id, seed, count) {
  const emu = createEngine(id, { seed });
  const values = Array.from({ length: count }, () => emu.random());
  const hex = values.map(doubleToHex);
  const div = document.createElement('section');
  div.className = 'engine';
  div.dataset.engine = id;
  div.innerHTML = `<h2>${id}</h2><div class="variant">${emu.variant}</div>`;
  const list = document.createElement('pre');
  list.className = 'values';
  list.dataset.hex = hex.join(' ');
  list.textContent = values.slice(0, 64).map((x, i) => `${String(i).padStart(3)} ${hex[i]} ${x}`).join('\n');
  const hits = collisions(id, seed);
  const add = (title, node) => {
    const h = document.createElement('h3');
    h.textContent = title;
    div.append(h, node);
  };
  add(`first values (of ${count})`, list);
  add('bit planes', bitPlane(values));
  add('successive pairs (x[n], x[n+1])', scatter(values));
  add('histogram of floor(x · 32)', histogram(values));
  const p = document.createElement('p');
  p.className = `collisions${hits > 0 ? ' bad' : ''}`;
  p.textContent = `Betable IDs: ${hits} collision${hits === 1 ? '' : 's'} in ${ID_COUNT.toLocaleString('en')} IDs, each from a freshly seeded engine (perfect generator: ~0)`;
  add('collisions', p);
  return div;
}

function render() {
  const params = readParams();
  $('engines').value = params.engines.join(',');
  $('seed').value = params.seed;
  $('count').value = params.count;
  const cols = $('columns');
  cols.replaceChildren();
  $('error').hidden = true;
  try {
    const count = validate(params);
    const made = [];
    for (const id of params.engines) made.push(column(id, params.seed, count));
    cols.append(...made);
    document.body.dataset.ready = 'true';
  } catch (e) {
    showError(e.message);
    document.body.dataset.ready = 'error';
  }
}

$('engine-ids').append(...knownIds().map((id) => Object.assign(document.createElement('option'), { value: id })));
$('controls').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const q = new URLSearchParams({ engines: $('engines').value, seed: $('seed').value, count: $('count').value });
  history.pushState(null, '', `?${q}`);
  render();
});
window.addEventListener('popstate', render);
render();
