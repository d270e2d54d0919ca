;; The track walk of sum-tracks.ts (walkTracks) in WebAssembly: the depth-first search over the
;; walk's rows, the part that costs (about 25 ns a node in JavaScript, where a pair of sums tries
;; 2^24.7). JavaScript builds the rows into this memory (sum-tracks.ts buildRow), settles the leaves
;; and keeps the JavaScript loop as the reference path; walk() runs the search until it has
;; LEAF_CAP leaves, needs a row not built yet, passes the node cap or ends, and can be called again
;; to go on (its whole state is in memory).
;;
;; Memory (bytes; i32 unless said):
;;   0 STEPS   4 CB (carry bits a row key holds)   8 N (sums)   16 CINS (carry-ins to try)   20 LEAF_CAP   24 D (depth; −1: next carry-in)   28 CIN
;;   32 PEND (1: the row (D, PEND_CAR) was missing; JavaScript built it, enter it)   36 PEND_CAR
;;   40 NLEAVES (leaves in the buffer)   44 C0 (the carry-in word)   48 NODES (i64)   56 MAX_NODES (i64)
;;   64 ROWOF_AT   72 TAB_AT   76 LEAVES_AT
;;   per step s (64 at most): 256 CLOSE[s] (i64: the checks closing at s)   768 END_T[s]
;;   1024 INTO_T[s]   1280 SIG_AT[s]   1536 SIG_N[s]   2048 O[s] (i64: the own-check
;;   value)   2560 NEXT[s]   2816 END[s] (addresses: the group being tried)   3072 TAKEN[s] (the
;;   entry taken)   3328 C0S[cin] (512 at most)   5376 HEAD[s] (bytes before a row's entries)
;;   5632 … 6432: sumScan's (below)
;; Tables from 8192: ROWOF (per (step << CB | carries) its row's int32 offset in TAB, −1: not
;; built), TAB (rows one after another: HEAD bytes of the groups' bounds, a byte each — the entry
;; each group starts at — then the entries, 16 bytes each: the carries after the step, the
;; own-check part as i64 (bytes 4–11), the equations' values), LEAVES (LEAF_CAP records: a leaf's
;; STEPS TAKEN, then its C0 and NODES at the leaf (i64)).
;; Return: 0 done, 1 the leaf buffer is full, 2 a row is missing (PEND), 3 past MAX_NODES; the
;; buffer's NLEAVES leaves are JavaScript's to settle after every return.
(module
  (memory (export "memory") 1)
  ;; sumScan: the affine space SCAN_BASE ⊕ span(SCAN_BASIS[0 … d)) of xorshift128+ states
  ;; (state0, state1: i64 each; SCAN_BASE at 5632, SCAN_BASIS at 5664, 32 vectors at most) in
  ;; Gray-code order (one basis vector XORed in per state: the one of the trailing zeros of the
  ;; step's index), each state's sum (state0 + state1) compared with SCAN_SUM (5648) on bits 11 …
  ;; 63: the Gray index of each state that shows it to SCAN_FOUND (6176), the first `cap` (≤ 64) of
  ;; them; returns how many showed it. (sum-split.ts: a pair's cosets jumped to a third value.)
  (func $sumScan (export "sumScan") (param $d i32) (param $cap i32) (result i32)
    (local $s0 i64) (local $s1 i64) (local $z i64) (local $g i32) (local $end i32) (local $n i32) (local $o i32)
    (local.set $s0 (i64.load (i32.const 5632)))
    (local.set $s1 (i64.load (i32.const 5640)))
    (local.set $z (i64.load (i32.const 5648)))
    (local.set $end (i32.shl (i32.const 1) (local.get $d)))
    (local.set $g (i32.const 1))
    (block $done
      (loop $state
        (if (i64.eq (i64.and (i64.add (local.get $s0) (local.get $s1)) (i64.const -2048)) (local.get $z))
          (then
            (if (i32.lt_u (local.get $n) (local.get $cap))
              (then (i32.store (i32.add (i32.const 6176) (i32.shl (local.get $n) (i32.const 2))) (i32.sub (local.get $g) (i32.const 1)))))
            (local.set $n (i32.add (local.get $n) (i32.const 1)))))
        (br_if $done (i32.eq (local.get $g) (local.get $end)))
        (local.set $o (i32.add (i32.const 5664) (i32.shl (i32.ctz (local.get $g)) (i32.const 4))))
        (local.set $s0 (i64.xor (local.get $s0) (i64.load (local.get $o))))
        (local.set $s1 (i64.xor (local.get $s1) (i64.load offset=8 (local.get $o))))
        (local.set $g (i32.add (local.get $g) (i32.const 1)))
        (br $state)))
    (local.get $n))
  (func $walk (export "walk") (result i32)
    (local $d i32) (local $p i32) (local $at i32) (local $e i32) (local $o i64)
    (local $steps i32) (local $cb i32) (local $n i32) (local $cm i32)
    (local $cins i32) (local $cap i32) (local $cin i32) (local $c0 i32) (local $nodes i64) (local $max i64)
    (local $rowOf i32) (local $tab i32) (local $leaves i32) (local $nl i32)
    (local $row i32) (local $car i32) (local $sig i32) (local $et i32) (local $i i32) (local $enter i32) (local $code i32)
    (local.set $steps (i32.load (i32.const 0)))
    (local.set $cb (i32.load (i32.const 4)))
    (local.set $n (i32.load (i32.const 8)))
    (local.set $cm (i32.sub (i32.shl (i32.const 1) (local.get $n)) (i32.const 1)))
    (local.set $cins (i32.load (i32.const 16)))
    (local.set $cap (i32.load (i32.const 20)))
    (local.set $d (i32.load (i32.const 24)))
    (local.set $cin (i32.load (i32.const 28)))
    (local.set $c0 (i32.load (i32.const 44)))
    (local.set $nodes (i64.load (i32.const 48)))
    (local.set $max (i64.load (i32.const 56)))
    (local.set $rowOf (i32.load (i32.const 64)))
    (local.set $tab (i32.load (i32.const 72)))
    (local.set $leaves (i32.load (i32.const 76)))
    ;; the row that was missing is built: enter it
    (if (i32.load (i32.const 32))
      (then
        (i32.store (i32.const 32) (i32.const 0))
        (local.set $row (i32.load (i32.add (local.get $rowOf)
          (i32.shl (i32.or (i32.shl (local.get $d) (local.get $cb)) (i32.load (i32.const 36))) (i32.const 2)))))
        (local.set $o (i64.load offset=2048 (i32.shl (local.get $d) (i32.const 3))))
        (local.set $enter (i32.const 1))))
    (block $exit
      (loop $main
        (if (local.get $enter)
          (then
            ;; depth d at `row` under a parent whose own-check value is o: the group of the row's
            ;; entries whose part of the checks closing at d is o's (bits SIG_AT … + SIG_N)
            (local.set $enter (i32.const 0))
            (i64.store offset=2048 (i32.shl (local.get $d) (i32.const 3)) (local.get $o))
            (local.set $p (i32.shl (local.get $d) (i32.const 2)))
            (local.set $sig (i32.and
              (i32.wrap_i64 (i64.shr_u (local.get $o) (i64.extend_i32_u (i32.load offset=1280 (local.get $p)))))
              (i32.sub (i32.shl (i32.const 1) (i32.load offset=1536 (local.get $p))) (i32.const 1))))
            (local.set $at (i32.add (local.get $tab) (i32.shl (local.get $row) (i32.const 2))))
            (local.set $sig (i32.add (local.get $at) (local.get $sig)))
            (local.set $at (i32.add (local.get $at) (i32.load offset=5376 (local.get $p))))
            (i32.store offset=2560 (local.get $p) (i32.add (local.get $at) (i32.shl (i32.load8_u (local.get $sig)) (i32.const 4))))
            (i32.store offset=2816 (local.get $p) (i32.add (local.get $at) (i32.shl (i32.load8_u offset=1 (local.get $sig)) (i32.const 4))))))
        ;; every path under this carry-in tried: the next one, from its first row
        (if (i32.lt_s (local.get $d) (i32.const 0))
          (then
            (local.set $cin (i32.add (local.get $cin) (i32.const 1)))
            (if (i32.ge_u (local.get $cin) (local.get $cins))
              (then (local.set $code (i32.const 0)) (br $exit)))
            (local.set $c0 (i32.load offset=3328 (i32.shl (local.get $cin) (i32.const 2))))
            (local.set $d (i32.const 0))
            (local.set $o (i64.const 0))
            (local.set $car (local.get $c0))
            (local.set $row (i32.load (i32.add (local.get $rowOf) (i32.shl (local.get $car) (i32.const 2)))))
            (if (i32.lt_s (local.get $row) (i32.const 0))
              (then
                (i64.store offset=2048 (i32.const 0) (local.get $o))
                (i32.store (i32.const 32) (i32.const 1))
                (i32.store (i32.const 36) (local.get $car))
                (local.set $code (i32.const 2))
                (br $exit)))
            (local.set $enter (i32.const 1))
            (br $main)))
        ;; the next entry of depth d's group; none left: back up
        (local.set $p (i32.shl (local.get $d) (i32.const 2)))
        (local.set $at (i32.load offset=2560 (local.get $p)))
        (if (i32.eq (local.get $at) (i32.load offset=2816 (local.get $p)))
          (then
            (local.set $d (i32.sub (local.get $d) (i32.const 1)))
            (br $main)))
        (i32.store offset=2560 (local.get $p) (i32.add (local.get $at) (i32.const 16)))
        ;; a node: an entry tried (as the JavaScript walk counts them)
        (local.set $nodes (i64.add (local.get $nodes) (i64.const 1)))
        (local.set $e (local.get $at))
        (local.set $o (i64.xor
          (i64.load offset=2048 (i32.shl (local.get $d) (i32.const 3)))
          (i64.load offset=4 (local.get $e))))
        ;; the step's closing checks (more than the group holds, at a step closing many)
        (br_if $main (i64.ne (i64.and (local.get $o) (i64.load offset=256 (i32.shl (local.get $d) (i32.const 3)))) (i64.const 0)))
        ;; a track ending where another starts: its carry-out is that track's guessed carry-in
        (local.set $et (i32.load offset=768 (local.get $p)))
        (if (i32.ge_s (local.get $et) (i32.const 0))
          (then
            (br_if $main (i32.ne
              (i32.and (i32.shr_u (i32.load (local.get $e)) (i32.mul (local.get $n) (local.get $et))) (local.get $cm))
              (i32.and (i32.shr_u (local.get $c0) (i32.mul (local.get $n) (i32.load offset=1024 (local.get $p)))) (local.get $cm))))))
        (i32.store offset=3072 (local.get $p) (local.get $at))
        (if (i32.eq (local.get $d) (i32.sub (local.get $steps) (i32.const 1)))
          (then
            ;; a leaf: its entries, its carry-in word and the nodes counted so far to the buffer
            (local.set $e (i32.add (local.get $leaves)
              (i32.mul (local.get $nl) (i32.shl (i32.add (local.get $steps) (i32.const 3)) (i32.const 2)))))
            (local.set $i (i32.const 0))
            (loop $copy
              (i32.store (i32.add (local.get $e) (local.get $i)) (i32.load offset=3072 (local.get $i)))
              (local.set $i (i32.add (local.get $i) (i32.const 4)))
              (br_if $copy (i32.lt_u (local.get $i) (i32.shl (local.get $steps) (i32.const 2)))))
            (local.set $e (i32.add (local.get $e) (local.get $i)))
            (i32.store (local.get $e) (local.get $c0))
            (i64.store offset=4 (local.get $e) (local.get $nodes))
            (local.set $nl (i32.add (local.get $nl) (i32.const 1)))
            (br_if $main (i32.lt_u (local.get $nl) (local.get $cap)))
            (local.set $code (i32.const 1))
            (br $exit)))
        (if (i64.gt_u (local.get $nodes) (local.get $max))
          (then (local.set $code (i32.const 3)) (br $exit)))
        ;; down: the row of the next step under this entry's carries
        (local.set $d (i32.add (local.get $d) (i32.const 1)))
        (local.set $car (i32.load (local.get $e)))
        (local.set $row (i32.load (i32.add (local.get $rowOf)
          (i32.shl (i32.or (i32.shl (local.get $d) (local.get $cb)) (local.get $car)) (i32.const 2)))))
        (if (i32.lt_s (local.get $row) (i32.const 0))
          (then
            (i64.store offset=2048 (i32.shl (local.get $d) (i32.const 3)) (local.get $o))
            (i32.store (i32.const 32) (i32.const 1))
            (i32.store (i32.const 36) (local.get $car))
            (local.set $code (i32.const 2))
            (br $exit)))
        (local.set $enter (i32.const 1))
        (br $main)))
    (i32.store (i32.const 24) (local.get $d))
    (i32.store (i32.const 28) (local.get $cin))
    (i32.store (i32.const 40) (local.get $nl))
    (i32.store (i32.const 44) (local.get $c0))
    (i64.store (i32.const 48) (local.get $nodes))
    (local.get $code))
)
