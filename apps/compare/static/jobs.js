// Heavy work runs in Web Workers (worker.js), a few at a time; the page stays responsive.
const MAX_WORKERS = Math.max(2, Math.min(4, navigator.hardwareConcurrency || 2));
const queue = [];
let running = 0;
let generation = 0;
const live = new Map(); // worker → its job's generation (-1: urgent, never cancelled)

/** Cancels every queued and running job (a new set of columns replaces the old). */
export function cancelJobs() {
  generation++;
  for (let i = queue.length - 1; i >= 0; i--) if (queue[i].gen !== -1) queue.splice(i, 1);
  for (const [w, gen] of live) {
    if (gen === -1) continue;
    w.terminate();
    live.delete(w);
    running--;
  }
}

/**
 * Runs `job` in a fresh worker; `onMessage` sees progress messages ({ type: 'progress', done,
 * total } or job-specific ones). Resolves with the job's result; rejects with its error.
 */
export function runJob(job, onMessage = () => {}, { urgent = false } = {}) {
  const gen = generation;
  return new Promise((resolve, reject) => {
    queue[urgent ? 'unshift' : 'push']({ job, onMessage, resolve, reject, gen: urgent ? -1 : gen });
    pump();
  });
}

function pump() {
  while (running < MAX_WORKERS && queue.length > 0) {
    const t = queue.shift();
    if (t.gen !== -1 && t.gen !== generation) continue;
    running++;
    const w = new Worker('/worker.js', { type: 'module' });
    live.set(w, t.gen);
    const finish = () => {
      w.terminate();
      if (live.delete(w)) running--;
      pump();
    };
    w.onmessage = ({ data }) => {
      if (data.type === 'done') {
        finish();
        t.resolve(data.result);
      } else if (data.type === 'error') {
        finish();
        t.reject(new Error(data.message));
      } else {
        t.onMessage(data);
      }
    };
    w.onerror = (e) => {
      finish();
      t.reject(new Error(e.message || 'the worker failed to start'));
    };
    w.postMessage(t.job);
  }
}
