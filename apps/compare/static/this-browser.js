// #this-browser: draw this browser's own Math.random(), find the registry era that explains the
// values (@emu/recover's identify and predict, in a Web Worker), and predict the next values
// before drawing them. Nothing else in the page calls Math.random, so the stream is ours alone.
import { core, engines } from '/lib/emu.js';
import { runJob } from '/jobs.js';

const nativeRandom = Math.random; // the browser's own, taken before anything else could wrap it
const FIRST = 64; // values drawn before the first attempt; doubled while recovery needs more
const MAX_DRAWN = 2048;
const AHEAD = 200; // values predicted at once; shown 8 per round
const PER_ROUND = 8;
const URGENT = { urgent: true }; // ahead of the columns' pictures, and not cancelled with them
const AUTO_ROUNDS = 3;

const FAMILY_NAMES = { v8: 'V8 (Chrome, Node.js, Edge ≥ 79)', spidermonkey: 'SpiderMonkey (Firefox)', jsc: 'JavaScriptCore (Safari, WebKit)', chakra: 'ChakraCore (old Edge)' };
const $ = (id) => document.getElementById(id);
const hex = core.doubleToHex;

/** Which engine runs this page, from features no Math.random value shows (used only to break a tie). */
function engineByFeatures() {
  if (typeof globalThis.InternalError === 'function') return 'spidermonkey'; // SpiderMonkey only
  const stack = new Error('probe').stack ?? '';
  if (/^\s+at /m.test(stack)) return 'v8';
  return 'jsc';
}

/** A value as its 16 hex digits and (hidden on narrow screens) its decimal. */
function cellOf(td, x) {
  const dec = document.createElement('span');
  dec.className = 'dec';
  dec.textContent = ` ${x}`;
  td.replaceChildren(hex(x), dec);
}

function eraOf(variant) {
  return engines.ERAS.find((e) => e.variant === variant);
}

export async function startThisBrowser() {
  const panel = $('this-browser');
  const status = $('tb-status');
  const drawn = [];
  const draw = (n) => {
    while (drawn.length < n) drawn.push(nativeRandom());
  };
  let said = '';
  const t0 = performance.now();
  const say = (s) => (status.textContent = said = s);
  // While a worker is busy the status shows the seconds elapsed, so a slow search does not look stuck.
  const ticker = setInterval(() => {
    if (panel.dataset.state === 'working' && said) status.textContent = `${said} (${Math.round((performance.now() - t0) / 1000)} s)`;
    else clearInterval(ticker);
  }, 1000);
  panel.dataset.state = 'working';
  try {
    // 1. Which eras explain the values? identify() over every era, then predict() on those still open.
    let size = FIRST;
    let open = null; // registry ids still possible
    let explaining = [];
    for (;;) {
      draw(size);
      say(`drew ${size} values from Math.random(); asking which registry era explains them (in a worker)…`);
      const observed = drawn.slice(0, size);
      let verdicts;
      if (open === null) {
        const ident = await runJob({ kind: 'identify', observed }, undefined, URGENT);
        // identify() groups eras whose output is the same function of the state (SpiderMonkey's and
        // JavaScriptCore's xorshift128+): each grouped variant is a candidate of its own here.
        verdicts = ident.flatMap((i) => (i.variants?.length ? i.variants : [i.variant]).map((variant) => ({ id: idOfVariant(variant), variant, verdict: i.verdict, note: i.note })));
      } else {
        const res = await runJob({ kind: 'predict', ids: open, observed, next: 0 }, undefined, URGENT);
        verdicts = res.map(({ id, outcome }) => ({ id, variant: outcome.variant, verdict: outcome.kind === 'ok' ? 'explains' : outcome.kind === 'inconsistent' ? 'cannot' : outcome.kind, note: outcome.note }));
      }
      explaining = verdicts.filter((v) => v.verdict === 'explains');
      open = verdicts.filter((v) => v.verdict === 'insufficient' || v.verdict === 'ambiguous').map((v) => v.id);
      if (explaining.length > 0) {
        // Several eras may explain the same values only if they are the same generator: their
        // predictions must agree, or more values are needed.
        const res = await runJob({ kind: 'predict', ids: explaining.map((v) => v.id), observed, next: AHEAD }, undefined, URGENT);
        const futures = new Set(res.map(({ outcome }) => (outcome.kind === 'ok' ? outcome.next.map(hex).join() : outcome.kind)));
        if (futures.size === 1 && res[0].outcome.kind === 'ok') {
          showResult(panel, explaining, size, drawn.length, res[0].outcome.next);
          return;
        }
        open = [...new Set([...open, ...explaining.map((v) => v.id)])];
      }
      if (open.length === 0) {
        say(`no registry era explains these ${size} values: this browser's Math.random is not one emu knows (${verdicts.length} eras tried).`);
        panel.dataset.state = 'unexplained';
        return;
      }
      if (size >= MAX_DRAWN) {
        say(`still undecided after ${size} values (${open.join(', ')}): giving up rather than guessing.`);
        panel.dataset.state = 'undecided';
        return;
      }
      size = Math.min(MAX_DRAWN, size * 2);
    }
  } catch (e) {
    say(`recovery failed: ${e.message}`);
    panel.dataset.state = 'error';
  }

  function idOfVariant(variant) {
    const era = eraOf(variant);
    return era ? `${era.family}@${era.from}` : variant;
  }

  function showResult(panel, explaining, used, total, predicted) {
    const families = [...new Set(explaining.map((v) => eraOf(v.variant)?.family ?? v.id))];
    let family = families[0];
    let how = 'the values fit only this family';
    if (families.length > 1) {
      const byFeature = engineByFeatures();
      family = families.includes(byFeature) ? byFeature : families[0];
      how = `the values fit ${explaining.map((v) => v.id).join(' and ')} — the same generator — so the tie is broken by engine features`;
    }
    const chosen = explaining.find((v) => (eraOf(v.variant)?.family ?? v.id) === family);
    const era = eraOf(chosen.variant);
    $('tb-engine').textContent = `${FAMILY_NAMES[family] ?? family} — ${how}`;
    $('tb-era').textContent = `${era ? `${era.family}@${era.from}${era.to ? `…<${era.to}` : '…'}` : chosen.id} · variant ${chosen.variant}${era ? ` · ${era.algorithm}` : ''}`;
    $('tb-used').textContent = `${used} consecutive values (${total} drawn in all before predicting)`;
    $('tb-facts').hidden = false;
    Object.assign(panel.dataset, { family, era: era ? `${era.family}@${era.from}` : chosen.id, variant: chosen.variant, used: String(used) });
    said = '';
    status.textContent = `state recovered from ${used} values in ${((performance.now() - t0) / 1000).toFixed(1)} s; predicting the next ones before drawing them:`;

    let next = 0;
    let hits = 0;
    let misses = 0;
    const more = $('tb-more');
    const round = () =>
      new Promise((done) => {
        const want = predicted.slice(next, next + PER_ROUND);
        const start = drawn.length;
        next += want.length;
        let table = $('tb-rounds').querySelector('table');
        if (!table) {
          table = document.createElement('table');
          table.className = 'rounds';
          table.createTHead().innerHTML = '<tr><th>#</th><th>predicted</th><th>then drawn</th><th></th></tr>';
          $('tb-rounds').append(table);
        }
        const body = table.createTBody(); // newest round first
        table.insertBefore(body, table.tBodies[0] ?? null);
        const rows = want.map((x, i) => {
          const tr = body.insertRow();
          tr.insertCell().textContent = String(start + i);
          cellOf(tr.insertCell(), x);
          tr.insertCell().textContent = '…';
          tr.insertCell();
          return tr;
        });
        // Shown first; drawn a moment later.
        setTimeout(() => {
          want.forEach((x, i) => {
            const y = nativeRandom();
            drawn.push(y);
            const ok = hex(x) === hex(y);
            if (ok) hits++;
            else misses++;
            const tr = rows[i];
            cellOf(tr.cells[2], y);
            const word = document.createElement('span');
            word.className = 'dec';
            word.textContent = ok ? ' same bits' : ' differs';
            tr.cells[3].replaceChildren(ok ? '✓' : '✗', word);
            tr.className = ok ? 'hit' : 'miss';
          });
          Object.assign(panel.dataset, { hits: String(hits), misses: String(misses), ahead: predicted.slice(next).map(hex).join(' ') });
          status.textContent = `${hits} of ${hits + misses} predictions came true, bit for bit${misses ? ` — ${misses} did not` : ''}.`;
          done();
        }, 350);
      });
    (async () => {
      for (let r = 0; r < AUTO_ROUNDS; r++) await round();
      panel.dataset.state = 'done';
      more.hidden = false;
      more.onclick = async () => {
        more.disabled = true;
        panel.dataset.state = 'working';
        await round();
        panel.dataset.state = 'done';
        more.disabled = next >= predicted.length;
      };
    })();
  }
}
