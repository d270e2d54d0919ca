// The page: every value and picture is computed here, in the browser, by emu's packages
// (/lib/emu.js, the same builds Node runs); heavy pictures in Web Workers (jobs.js, worker.js).
import { core, engines, splitTests, formatP } from '/lib/emu.js';
import { cancelJobs, runJob } from '/jobs.js';
import { startThisBrowser } from '/this-browser.js';

const { ERAS, NODE_RELEASES, PACKAGE_IDS, knownEngineIds, resolveEngine, createEngine, chromeToV8, compareVersions, parseVersion } = engines;
const DEFAULT_COLUMNS = PACKAGE_IDS.map((id) => ({ id, mode: 'seed', value: '42' }));
const MAX_COUNT = 4096;
const SHOWN = 64;
const PLANE_ROWS = 256;
const ID_COUNT = 100000;
const ID_LENGTH = 22;
const LATTICE = { count: 1 << 21, from: 0.5, width: 1 / 1024 };
const SEED_RE = /^-?(?:[0-9]+|0x[0-9a-fA-F]+)$/;

const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};

// ---------------------------------------------------------------- the registry, as a picker

/** Display names of id prefixes; a family the registry gains later shows under its own name. */
const NAMES = {
  '': 'emu packages', node: 'Node.js', chrome: 'Chrome (milestone)', v8: 'V8', spidermonkey: 'Firefox / SpiderMonkey',
  firefox: 'Firefox / SpiderMonkey', jsc: 'Safari / JavaScriptCore', safari: 'Safari / JavaScriptCore', chakra: 'Edge / ChakraCore',
};
/** Friendlier prefixes the registry also accepts (used only if it resolves them). */
const ALIASES = { spidermonkey: 'firefox', jsc: 'safari' };

const prefixOf = (id) => (id.includes('@') ? id.slice(0, id.indexOf('@')) : '');

function tryResolve(id) {
  try {
    return resolveEngine(id);
  } catch {
    return undefined;
  }
}

/** An era's registry id, as `compare identify` prints it. */
export function eraId(era) {
  return `${era.family}@${era.from}${era.to ? `…<${era.to}` : '…'}`;
}

/** What an id resolves to, in one line (the era and the emulator variant). */
function describe(id) {
  const r = resolveEngine(id);
  if (r.node) return { group: `${r.node.variant}`, text: `node ${r.node.node} (V8 ${r.node.v8}) → variant ${r.node.variant}` };
  if (r.era) {
    const v = r.era.variant ?? 'not emulated';
    return { group: `${eraId(r.era)} · ${v}`, text: `${r.v8 ? `V8 ${r.v8} → ` : ''}era ${eraId(r.era)} → variant ${v} · ${r.era.algorithm}` };
  }
  const v = createEngine(id, { seed: 1 }).variant;
  return { group: v, text: `package ${id} → default variant ${v}` };
}

/** browser prefix → version ids, from the registry's own lists. */
function buildCatalog() {
  const cat = new Map();
  const add = (prefix, id) => {
    if (!cat.has(prefix)) cat.set(prefix, []);
    if (!cat.get(prefix).includes(id)) cat.get(prefix).push(id);
  };
  for (const id of knownEngineIds()) {
    let prefix = prefixOf(id);
    let shown = id;
    const alias = ALIASES[prefix];
    if (alias && tryResolve(`${alias}@${id.slice(prefix.length + 1)}`)) {
      prefix = alias;
      shown = `${alias}@${id.slice(id.indexOf('@') + 1)}`;
    }
    add(prefix, shown);
  }
  for (const r of NODE_RELEASES) add('node', `node@${r.node}`);
  // Chrome milestones: every one from 29 up to the one that shipped the newest V8 era.
  const v8Eras = ERAS.filter((e) => e.family === 'v8');
  if (v8Eras.length > 0) {
    const newest = v8Eras.map((e) => parseVersion(e.from)).sort(compareVersions).at(-1);
    for (let m = 29; m < 1000; m++) {
      const v8 = parseVersion(chromeToV8(m) ?? '');
      if (!v8 || compareVersions(v8, newest) > 0) break;
      if (tryResolve(`chrome@${m}`)) add('chrome', `chrome@${m}`);
    }
  }
  return cat;
}

const CATALOG = buildCatalog();

function fillVersions(select, prefix, chosen) {
  select.replaceChildren();
  const groups = new Map();
  for (const id of CATALOG.get(prefix) ?? []) {
    let group;
    try {
      group = describe(id).group;
    } catch {
      group = 'not emulated';
    }
    if (!groups.has(group)) groups.set(group, el('optgroup', { label: group }));
    groups.get(group).append(el('option', { value: id, textContent: prefix ? id.slice(prefix.length + 1) : id }));
  }
  select.append(...groups.values());
  if (prefix) select.append(el('option', { value: '', textContent: 'other…' }));
  const known = [...select.options].some((o) => o.value === chosen);
  select.value = known ? chosen : prefix ? '' : select.options[0]?.value ?? '';
  return known;
}

function pickerRow(col) {
  const li = $('picker').content.firstElementChild.cloneNode(true);
  const q = (s) => li.querySelector(s);
  const browser = q('.browser');
  for (const prefix of CATALOG.keys()) browser.append(el('option', { value: prefix, textContent: NAMES[prefix] ?? prefix }));
  const update = () => {
    const other = q('.version').value === '';
    q('.other').hidden = !other;
    q('.value-name').textContent = q('.mode').value === 'state' ? 'state (JSON)' : q('.mode').value;
    const id = pickerId(li);
    const out = q('.resolved');
    try {
      out.textContent = describe(id).text;
      out.classList.remove('bad');
    } catch (e) {
      out.textContent = e.message;
      out.classList.add('bad');
    }
  };
  let prefix = prefixOf(col.id);
  if (!CATALOG.has(prefix)) prefix = [...CATALOG.keys()].find((p) => ALIASES[prefix] === p) ?? prefix;
  if (!CATALOG.has(prefix)) browser.append(el('option', { value: prefix, textContent: prefix }));
  browser.value = prefix;
  if (!fillVersions(q('.version'), prefix, col.id)) q('.other-version').value = prefix ? col.id.slice(prefix.length + 1) : col.id;
  q('.mode').value = col.mode;
  q('.value').value = col.value;
  browser.addEventListener('change', () => {
    fillVersions(q('.version'), browser.value, '');
    update();
  });
  for (const s of ['.version', '.mode']) q(s).addEventListener('change', update);
  q('.other-version').addEventListener('input', update);
  q('.remove').addEventListener('click', () => {
    li.remove();
    updateRemoveButtons();
  });
  update();
  return li;
}

function pickerId(li) {
  const prefix = li.querySelector('.browser').value;
  const version = li.querySelector('.version').value || li.querySelector('.other-version').value.trim();
  if (li.querySelector('.version').value !== '') return version;
  return prefix ? `${prefix}@${version}` : version;
}

function updateRemoveButtons() {
  const rows = $('pickers').children;
  for (const r of rows) r.querySelector('.remove').disabled = rows.length === 1;
}

// ---------------------------------------------------------------- the URL

/** ?c=ID|MODE|VALUE (repeated) &count=N; also the older ?engines=a,b&seed=S. */
function readParams() {
  const p = new URLSearchParams(location.search);
  let columns = p.getAll('c').map((c) => {
    const [id, mode = 'seed', ...rest] = c.split('|');
    return { id: id.trim(), mode, value: rest.join('|') };
  });
  if (columns.length === 0 && p.has('engines')) {
    columns = p.get('engines').split(',').map((s) => s.trim()).filter(Boolean).map((id) => ({ id, mode: 'seed', value: p.get('seed') ?? '42' }));
  }
  if (columns.length === 0) columns = DEFAULT_COLUMNS;
  return { columns, count: p.get('count') ?? '256', smallcrush: p.get('smallcrush') };
}

/** SmallCrush's tests as jobs: all ten over two workers, or a range `A-B` in one (e.g. smallcrush=1-2). */
function batteryParts(range) {
  if (!range) return splitTests(2);
  const m = /^([0-9])-([0-9])$/.exec(range);
  if (!m || Number(m[1]) > Number(m[2])) throw new Error(`smallcrush must be a range of test numbers A-B in 0-9, got ${JSON.stringify(range)}`);
  const all = Array.from({ length: 10 }, (_, i) => i);
  return [{ skip: all.slice(0, Number(m[1])), tests: all.slice(Number(m[1]), Number(m[2]) + 1) }];
}

function writeParams() {
  const q = new URLSearchParams();
  for (const li of $('pickers').children) q.append('c', `${pickerId(li)}|${li.querySelector('.mode').value}|${li.querySelector('.value').value}`);
  q.set('count', $('count').value);
  history.pushState(null, '', `?${q}`);
}

function parseCount(raw) {
  const n = Number(raw);
  if (!/^[0-9]+$/.test(raw) || n < 1 || n > MAX_COUNT) throw new Error(`count must be an integer in [1, ${MAX_COUNT}], got ${JSON.stringify(raw)}`);
  return n;
}

/** A column's emulator options, or an error naming the bad value. */
export function columnOptions({ id, mode, value }) {
  if (mode === 'seed' || mode === 'random-seed') {
    const v = value.trim();
    if (!SEED_RE.test(v)) throw new Error(`${mode === 'seed' ? 'seed' : '--random-seed'} must be an integer, got ${JSON.stringify(value)}`);
    if (mode === 'random-seed') {
      const r = resolveEngine(id);
      const v8 = r.node || r.era?.family === 'v8' || ['v8-2015', 'v8-patched', 'xorshift128plus'].includes(id);
      if (!v8) throw new Error(`--random-seed is V8's flag; ${id} is not a V8 engine (use seed or raw state)`);
    }
    return { seed: v };
  }
  if (mode === 'state') {
    let state;
    try {
      state = JSON.parse(value);
    } catch {
      throw new Error(`the state is not valid JSON: ${JSON.stringify(value)}`);
    }
    if (!Array.isArray(state)) throw new Error(`the state must be a JSON array of state words, got ${JSON.stringify(value)}`);
    return { state };
  }
  throw new Error(`unknown start ${JSON.stringify(mode)} (seed, random-seed or state)`);
}

// ---------------------------------------------------------------- pictures

function canvas(w, h, cssW = w, cssH = h) {
  const c = el('canvas', { width: w, height: h });
  c.style.width = `${cssW}px`;
  c.style.aspectRatio = `${cssW} / ${cssH}`;
  return c;
}

/** The 53 bits of x·2^53, most significant first. */
function bitsOf(x) {
  const hi = Math.floor(x * 2 ** 21);
  const lo = Math.floor((x * 2 ** 21 - hi) * 2 ** 32); // exact: x = k / 2^53
  const out = new Uint8Array(53);
  for (let b = 0; b < 53; b++) out[b] = b < 21 ? (hi >>> (20 - b)) & 1 : (lo >>> (31 - (b - 21))) & 1;
  return out;
}

/** One row per value: the 53 bits of x·2^53, most significant on the left; black = 1. */
function bitPlane(values) {
  const rows = values.slice(0, PLANE_ROWS);
  const c = canvas(53, rows.length, 53 * 4, rows.length);
  const ctx = c.getContext('2d');
  const img = ctx.createImageData(53, rows.length);
  rows.forEach((x, row) => {
    const bits = bitsOf(x);
    for (let b = 0; b < 53; b++) {
      const o = (row * 53 + b) * 4;
      img.data[o] = img.data[o + 1] = img.data[o + 2] = bits[b] ? 17 : 250;
      img.data[o + 3] = 255;
    }
  });
  ctx.putImageData(img, 0, 0);
  c.setAttribute('role', 'img');
  c.setAttribute('aria-label', 'bit planes of the first values');
  return c;
}

/** A state with one bit of word w flipped (bit b); numbers and "0x…" words only. */
function flipped(state, w, b) {
  const s = [...state];
  const x = s[w];
  if (typeof x === 'string' && /^0x[0-9a-f]+$/i.test(x)) s[w] = `0x${(BigInt(x) ^ (1n << BigInt(b))).toString(16).padStart(16, '0')}`;
  else if (typeof x === 'number' && Number.isSafeInteger(x) && x >= 0) s[w] = Math.floor(x / 2 ** b) % 2 ? x - 2 ** b : x + 2 ** b;
  else return undefined;
  return s;
}

/**
 * For each state word: flip one of its bits, draw the same values again, and count how often each
 * output bit changed. Rows: state words in `--state` order; darker = changed more often.
 */
function influence(id, state, n) {
  const hexWords = state.some((x) => typeof x === 'string');
  const words = state.map((x, w) => w).filter((w) => (hexWords ? typeof state[w] === 'string' : typeof state[w] === 'number'));
  const ref = createEngine(id, { state });
  const base = Array.from({ length: n }, () => bitsOf(ref.random()));
  const rows = [];
  for (const w of words) {
    for (let b = 0; b < 4; b++) {
      const s = flipped(state, w, b);
      if (!s) break;
      let emu;
      try {
        emu = createEngine(id, { state: s });
      } catch {
        continue; // e.g. a word that must not be 0
      }
      const changed = new Float64Array(53);
      for (let i = 0; i < n; i++) {
        const bits = bitsOf(emu.random());
        for (let k = 0; k < 53; k++) changed[k] += bits[k] !== base[i][k] ? 1 / n : 0;
      }
      rows.push({ w, changed });
      break;
    }
  }
  const rowH = 14;
  const c = canvas(53 * 4, rows.length * rowH + 12);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, c.width, c.height);
  rows.forEach(({ changed }, r) => {
    for (let k = 0; k < 53; k++) {
      const v = Math.round(250 - 233 * Math.min(1, changed[k] * 2)); // 50 % changed = black
      ctx.fillStyle = `rgb(${v},${v},${v})`;
      ctx.fillRect(k * 4, r * rowH, 4, rowH - 2);
    }
  });
  ctx.fillStyle = '#444';
  ctx.font = '10px sans-serif';
  ctx.fillText('bit 1', 0, c.height - 2);
  ctx.fillText('bit 53', c.width - 30, c.height - 2);
  c.setAttribute('role', 'img');
  c.setAttribute('aria-label', `which state word reaches which output bit: rows ${rows.map((r) => `word ${r.w}`).join(', ')}`);
  c.dataset.rows = JSON.stringify(rows.map(({ w, changed }) => ({ w, top20: changed.slice(0, 20).reduce((a, b) => a + b, 0) / 20 })));
  return { canvas: c, words: rows.map((r) => r.w) };
}

function drawLattice(c, pts) {
  const ctx = c.getContext('2d');
  const s = c.width;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, s, s);
  ctx.fillStyle = '#1d3f8f';
  for (let i = 0; i < pts.length; i += 2) ctx.fillRect(Math.floor(pts[i] * s), Math.floor((1 - pts[i + 1]) * s), 2, 2);
}

// ---------------------------------------------------------------- a column

const CAPTIONS = {
  values: 'Index, the 16 hex digits of the IEEE-754 bits, and the decimal JavaScript prints. `compare sequence` prints the same bits; the page tests check it in Chromium, Firefox and WebKit.',
  plane: 'One row per value, the 53 bits of x·2^53 from the most significant (left); black is 1. A white band on the right is precision the engine never had: MWC1616 and GameRand made 32-bit doubles, V8 7.1–13.4 52-bit ones.',
  influence: 'One row per state word (in --state order): one bit of it is flipped and the same values drawn again; black = that output bit changed in half the values, white = never. From V8 3.26 to the 2015 patch (node 0.11–5, v8-2015) the left 16–20 columns stay white for the 36969 half\'s words: the top bits that Math.floor(x·n) keeps come from the other 16-bit half alone.',
  lattice: `Successive pairs (x[n], x[n+1]) with x[n] in [0.5, 0.5 + 1/1024), stretched 1024× across; ${(LATTICE.count / 1e6).toFixed(1)} million values drawn in a worker. A good generator fills the square evenly; V8's MWC1616 from 3.26 to the 2015 patch (node 0.11–5, v8-2015) draws parallel lines, because x[n+1]'s top bits are 18030 × x[n]'s (mod 1) plus a small carry.`,
  collisions: `Betable's request IDs: ${ID_LENGTH} characters, each Math.floor(random() · 64), every ID from a freshly seeded engine (${ID_COUNT.toLocaleString('en')} IDs, in a worker). A perfect generator expects 3.7e-30 collisions; MWC1616 before the 2015 patch has several, because all 22 characters come from one 32-bit half.`,
  battery: 'TestU01\'s SmallCrush (10 tests, 15 statistics, @emu/battery) on this stream, in two workers. A p-value outside [0.001, 0.999] is a failure (red): Chrome 48\'s MWC1616 fails 11, Firefox\'s LCG BirthdaySpacings, GameRand RandomWalk1 H.',
};

function figure(title, caption, ...nodes) {
  return el('figure', {}, el('h3', { textContent: title }), ...nodes, el('figcaption', { textContent: caption }));
}

function column(col, count, parts) {
  const sec = el('section', { className: 'engine' });
  sec.dataset.engine = col.id;
  sec.append(el('h2', { textContent: col.id }));
  try {
    const options = columnOptions(col);
    const emu = createEngine(col.id, options);
    const state = emu.getState();
    const values = Array.from({ length: count }, () => emu.random());
    const hex = values.map(core.doubleToHex);
    let info = '';
    try {
      info = describe(col.id).text;
    } catch {
      info = emu.variant;
    }
    sec.append(el('p', { className: 'variant', textContent: `${info} · ${col.mode === 'state' ? `state ${JSON.stringify(options.state)}` : `${col.mode} ${options.seed}`}` }));
    const list = el('pre', { className: 'values', tabIndex: 0 });
    list.dataset.hex = hex.join(' ');
    list.setAttribute('aria-label', `first values of ${col.id}`);
    list.textContent = values.slice(0, SHOWN).map((x, i) => `${String(i).padStart(2)} ${hex[i]} ${x}`).join('\n');
    sec.append(figure(`first values (${Math.min(SHOWN, count)} of ${count})`, CAPTIONS.values, list));
    sec.append(figure('bit planes', CAPTIONS.plane, bitPlane(values)));
    const inf = influence(col.id, state, Math.min(count, PLANE_ROWS));
    sec.append(figure('which state word reaches which bit', CAPTIONS.influence, inf.canvas));

    const lat = canvas(256, 256, 256, 256);
    lat.setAttribute('role', 'img');
    lat.setAttribute('aria-label', 'successive pairs, zoomed');
    const latStatus = el('p', { className: 'status', textContent: 'queued…' });
    sec.append(figure('successive pairs, zoomed 1024×', CAPTIONS.lattice, lat, latStatus));
    runJob({ kind: 'lattice', engine: col.id, options, ...LATTICE }, (m) => (latStatus.textContent = `drawing… ${Math.round((100 * m.done) / m.total)} %`))
      .then((pts) => {
        drawLattice(lat, pts);
        latStatus.textContent = `${pts.length / 2} pairs fell in the window`;
        lat.dataset.done = 'true';
      }, (e) => {
        latStatus.textContent = e.message;
        latStatus.classList.add('bad');
        lat.dataset.done = 'error';
      });

    const hits = el('p', { className: 'collisions status', textContent: 'queued…' });
    const bar = el('progress', { max: 1, value: 0 });
    bar.setAttribute('aria-label', 'Betable IDs made');
    sec.append(figure('Betable collision counter', CAPTIONS.collisions, bar, hits));
    if (options.seed === undefined) {
      hits.textContent = 'needs a seed: every ID comes from a freshly seeded engine, and this column starts from a raw state';
      bar.remove();
      hits.dataset.done = 'n/a';
    } else {
      runJob({ kind: 'collisions', engine: col.id, seed: options.seed, ids: ID_COUNT, length: ID_LENGTH }, (m) => {
        bar.value = m.done / m.total;
        hits.textContent = `${m.done.toLocaleString('en')} IDs made…`;
      }).then((n) => {
        bar.value = 1;
        hits.textContent = `${n} collision${n === 1 ? '' : 's'} in ${ID_COUNT.toLocaleString('en')} IDs`;
        hits.classList.toggle('bad', n > 0);
        hits.dataset.done = String(n);
      }, (e) => {
        hits.textContent = e.message;
        hits.classList.add('bad');
        hits.dataset.done = 'error';
      });
    }
    sec.append(figure('SmallCrush', CAPTIONS.battery, batteryPanel(col.id, options, parts)));
    return sec;
  } catch (e) {
    sec.classList.add('failed');
    sec.append(el('p', { className: 'column-error', role: 'alert', textContent: e.message }));
    return sec;
  }
}

function batteryPanel(id, options, parts) {
  const total = parts.reduce((n, p) => n + p.tests.length, 0);
  const box = el('div', { className: 'battery' });
  const button = el('button', { type: 'button', textContent: total === 10 ? 'run SmallCrush (10–60 s)' : `run SmallCrush tests ${parts[0].tests.join(', ')}` });
  const bar = el('progress', { max: total, value: 0, hidden: true });
  bar.setAttribute('aria-label', 'SmallCrush tests done');
  const status = el('p', { className: 'status' });
  const table = el('table', { className: 'verdicts' });
  box.append(button, bar, status, table);
  button.addEventListener('click', async () => {
    button.disabled = true;
    bar.hidden = false;
    const rows = [];
    let done = 0;
    const t0 = performance.now();
    status.textContent = `running in ${parts.length === 1 ? 'a worker' : 'two workers'}…`;
    try {
      await Promise.all(parts.map((part) => runJob({ kind: 'battery', engine: id, options, ...part }, (m) => {
        if (m.type !== 'test') return;
        done++;
        bar.value = done;
        status.textContent = `${done} of ${total} tests done…`;
        rows.push(...m.results.map((r) => ({ ...r, index: m.index })));
      })));
      rows.sort((a, b) => a.index - b.index);
      const failed = rows.filter((r) => r.verdict !== 'pass');
      status.textContent = `${failed.length} of ${rows.length} statistics outside [0.001, 0.999] (${((performance.now() - t0) / 1000).toFixed(1)} s)`;
      status.classList.toggle('bad', failed.length > 0);
      table.replaceChildren(el('tr', {}, el('th', { textContent: 'statistic' }), el('th', { textContent: 'p-value' })),
        ...rows.map((r) => {
          const tr = el('tr', { className: r.verdict === 'pass' ? '' : 'bad' }, el('td', { textContent: r.test }), el('td', { textContent: formatP(r.p) }));
          tr.dataset.p = String(r.p);
          return tr;
        }));
      box.dataset.done = String(failed.length);
    } catch (e) {
      status.textContent = e.message;
      status.classList.add('bad');
      box.dataset.done = 'error';
    }
  });
  return box;
}

// ---------------------------------------------------------------- the page

function render() {
  const params = readParams();
  cancelJobs();
  $('pickers').replaceChildren(...params.columns.map(pickerRow));
  updateRemoveButtons();
  $('count').value = params.count;
  $('error').hidden = true;
  const cols = $('columns');
  cols.replaceChildren();
  try {
    const count = parseCount(params.count);
    const parts = batteryParts(params.smallcrush);
    cols.append(...params.columns.map((c) => column(c, count, parts)));
    document.body.dataset.ready = 'true';
  } catch (e) {
    $('error').textContent = e.message;
    $('error').hidden = false;
    document.body.dataset.ready = 'error';
  }
}

$('add').addEventListener('click', () => {
  const li = pickerRow({ id: 'chrome@156', mode: 'seed', value: '42' });
  $('pickers').append(li);
  updateRemoveButtons();
  li.querySelector('select').focus();
});
$('controls').addEventListener('submit', (ev) => {
  ev.preventDefault();
  writeParams();
  render();
});
window.addEventListener('popstate', render);
render();
startThisBrowser();
