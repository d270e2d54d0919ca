// Worker-thread body for `compare battery`: runs one BatteryJob and posts each test's results.
import { parentPort, workerData } from 'node:worker_threads';
import { runBatteryJob, type BatteryJob } from './battery.js';

runBatteryJob(workerData as BatteryJob, (index, results) => parentPort!.postMessage({ index, results }));
