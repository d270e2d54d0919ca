// The "old test suite" of the worked example: a snapshot test whose snapshot was recorded on
// Node 4.2.2 started with --random_seed=42 (fixtures/node-4.2.2-snapshot.json, written by
// fixtures/record-snapshot.mjs running the real node 4.2.2 binary with --update).
//   node --random_seed=42 snapshot-suite.js            on Node 4: passes
//   node snapshot-suite.js                              on Node 20: fails (another generator)
//   EMU_ENGINE=node@4.2.2 EMU_RANDOM_SEED=42 node --import @emu/pin/register snapshot-suite.js
//                                                       on Node 20: passes
// ES5 so that Node 4 runs it unchanged.
'use strict';
var fs = require('fs');
var path = require('path');
var deck = require('./deck.js');

var file = process.env.SNAPSHOT_FILE || path.join(__dirname, 'fixtures', 'node-4.2.2-snapshot.json');
var buf = typeof Buffer.alloc === 'function' ? Buffer.alloc(8) : new Buffer(8);
function hex(x) {
  buf.writeDoubleBE(x, 0);
  return buf.toString('hex');
}

var result = {
  deck: deck.shuffledDeck(),
  rolls: deck.rolls(20),
  next: [hex(Math.random()), hex(Math.random()), hex(Math.random())],
};

if (process.argv.indexOf('--update') !== -1) {
  fs.writeFileSync(file, JSON.stringify({ node: process.version, command: 'node --random_seed=42 example/snapshot-suite.js --update', result: result }, null, 2) + '\n');
  console.log('snapshot written to ' + file);
} else {
  var expected = JSON.parse(fs.readFileSync(file, 'utf8')).result;
  var failures = Object.keys(expected).filter(function (k) {
    return JSON.stringify(expected[k]) !== JSON.stringify(result[k]);
  });
  if (failures.length) {
    console.error('snapshot mismatch in: ' + failures.join(', '));
    failures.forEach(function (k) {
      console.error('  expected ' + k + ': ' + JSON.stringify(expected[k]) + '\n  received ' + k + ': ' + JSON.stringify(result[k]));
    });
    process.exit(1);
  }
  console.log('snapshot matches (' + Object.keys(expected).length + ' entries)');
}
