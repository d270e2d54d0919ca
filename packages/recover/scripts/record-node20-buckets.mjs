#!/usr/bin/env node
// Records fresh, unseeded Math.random() streams of a real Node 20 binary for the recovery
// regression tests: each process prints, for every call, the value's 16 hex digits and what
// Math.floor(x * 64) and Math.floor(x * 65536) gave in that process.
//   node packages/recover/scripts/record-node20-buckets.mjs [path/to/node20]   (default: this node, must be 20.x)
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = process.argv[2] ?? process.execPath;
const version = execFileSync(bin, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
if (!/^v20\./.test(version)) throw new Error(`${bin} is node ${version}, not 20.x`);
const STREAMS = 16;
const COUNT = 200;
const probe = `const f=new Float64Array(1),u=new Uint32Array(f.buffer),o=[];
for(let i=0;i<${COUNT};i++){const x=Math.random();f[0]=x;o.push(u[1].toString(16).padStart(8,'0')+u[0].toString(16).padStart(8,'0')+' '+Math.floor(x*64)+' '+Math.floor(x*65536));}
process.stdout.write(o.join('\\n')+'\\n');`;
const streams = [];
for (let s = 0; s < STREAMS; s++) {
  const lines = execFileSync(bin, ['-e', probe], { encoding: 'utf8' }).trim().split('\n');
  streams.push({ hex: lines.map((l) => l.split(' ')[0]), b64: lines.map((l) => Number(l.split(' ')[1])), b65536: lines.map((l) => Number(l.split(' ')[2])) });
}
const out = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'node20-buckets.json');
writeFileSync(out, JSON.stringify({ engine: 'node', version, command: 'node -e <probe> (unseeded, one process per stream)', streams }) + '\n');
console.log(`wrote ${STREAMS} streams of ${COUNT} values from node ${version} to ${out}`);
