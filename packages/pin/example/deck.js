// The "old library" of the worked example: plain ES5 CommonJS, as code written for Node 4 was.
'use strict';

/** A new 52-card deck, shuffled with Fisher-Yates on Math.random(). */
function shuffledDeck() {
  var deck = [], i, j, t;
  for (i = 0; i < 52; i++) deck.push('A23456789TJQK'[i % 13] + 'shdc'[Math.floor(i / 13)]);
  for (i = deck.length - 1; i > 0; i--) {
    j = Math.floor(Math.random() * (i + 1));
    t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  return deck;
}

/** n rolls of a six-sided die. */
function rolls(n) {
  var out = [], i;
  for (i = 0; i < n; i++) out.push(1 + Math.floor(Math.random() * 6));
  return out;
}

module.exports = { shuffledDeck: shuffledDeck, rolls: rolls };
