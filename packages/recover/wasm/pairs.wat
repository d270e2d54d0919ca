;; The pair search's walk (sum-pairs.ts walkOne) in WebAssembly: one carry-in's depth-first walk of
;; a pair's tabulated steps, its leaves' keys marked in the join's bitmap (mode 0) or kept with
;; their path ids where the bitmap marks them (mode 1). JavaScript lays a walk's tables into this
;; memory before its walks and reads the kept leaves back; its own walkOne stays the reference and
;; the path where WebAssembly is missing. The same steps in the same order: the same marks, the
;; same kept leaves in the same order.
;;
;; Memory (bytes; 134 pages):
;;   0 S (steps)   64 WIDTH[s]   192 INTO[s] (the track whose carry-in a chained step meets, −1)
;;   320 OSHIFT[s]   448 OMASK[s] (i32 each, 32 steps at most)
;;   [1024, 1552)      ST: per depth the carries, own-check value, key and guesses left (i32 × 4)
;;   [2048, 2312)      BITS: per depth the path's id so far (f64)
;;   [4096, 266240)    TAB: per (step << 9 | carries << 3 | guess) its next carries, own-check
;;                     part and key part (i32 × 4; walkTables's tab)
;;   [266240, 299008)  VALID: per ((step << 6 | carries) << 4 | own bits << 2 | carry-in) the mask
;;                     of guesses that pass the step's checks (bytes)
;;   [299008, 303104)  BUF, [303104, 311296) BUFIDS: a batch of leaves (1,024 keys, ids as f64)
;;   [327680, 2424832) BITMAP: 2^24 bits
;;   [2424832, 4521984) KEYS, [4521984, 8716288) IDS: the kept leaves (2^19 at most)
(module
  (memory (export "memory") 134)
  ;; A batch of n leaves from BUF: mode 0 marks each key's hash (the top `bits` of key · mult) in
  ;; BITMAP; mode 1 appends those whose hash is marked to KEYS / IDS from index `stored`. Returns
  ;; the new count (mode 0: stored + n), or −1 when KEYS is full.
  (func $flush (param $mode i32) (param $mult i32) (param $shift i32) (param $n i32) (param $stored i32) (result i32)
    (local $i i32) (local $k i32) (local $h i32) (local $b i32)
    (if (i32.eqz (local.get $mode))
      (then
        (block $doneMark
          (loop $mark
            (br_if $doneMark (i32.ge_u (local.get $i) (local.get $n)))
            (local.set $h (i32.shr_u (i32.mul (i32.load offset=299008 (i32.shl (local.get $i) (i32.const 2))) (local.get $mult)) (local.get $shift)))
            (local.set $b (i32.add (i32.const 327680) (i32.shl (i32.shr_u (local.get $h) (i32.const 5)) (i32.const 2))))
            (i32.store (local.get $b) (i32.or (i32.load (local.get $b)) (i32.shl (i32.const 1) (i32.and (local.get $h) (i32.const 31)))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $mark)))
        (return (i32.add (local.get $stored) (local.get $n)))))
    (block $doneKeep
      (loop $keep
        (br_if $doneKeep (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $k (i32.load offset=299008 (i32.shl (local.get $i) (i32.const 2))))
        (local.set $h (i32.shr_u (i32.mul (local.get $k) (local.get $mult)) (local.get $shift)))
        (if (i32.and (i32.shr_u (i32.load offset=327680 (i32.shl (i32.shr_u (local.get $h) (i32.const 5)) (i32.const 2))) (i32.and (local.get $h) (i32.const 31))) (i32.const 1))
          (then
            (if (i32.eq (local.get $stored) (i32.const 524288)) (then (return (i32.const -1))))
            (i32.store offset=2424832 (i32.shl (local.get $stored) (i32.const 2)) (local.get $k))
            (f64.store offset=4521984 (i32.shl (local.get $stored) (i32.const 3)) (f64.load offset=303104 (i32.shl (local.get $i) (i32.const 3))))
            (local.set $stored (i32.add (local.get $stored) (i32.const 1)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $keep)))
    (local.get $stored))
  ;; One carry-in's walk (walkOne): carries c0 into the tracks, ids from idBase; returns the new
  ;; count of stored (mode 1) or marked (mode 0) leaves, or −1 when KEYS is full.
  (func $walkOne (export "walkOne") (param $c0 i32) (param $idBase f64) (param $mode i32) (param $mult i32) (param $shift i32) (param $stored i32) (result i32)
    (local $S i32) (local $d i32) (local $o4 i32) (local $left i32) (local $g i32) (local $idx i32) (local $kk i32)
    (local $o i32) (local $nc i32) (local $dn i32) (local $it i32) (local $key i32) (local $nbuf i32) (local $n i32)
    (local.set $S (i32.load (i32.const 0)))
    (local.set $n (local.get $stored))
    (local.set $it (i32.load (i32.const 192)))
    ;; depth 0: the carries c0, no checks yet; its guesses those that meet the carry-in a chained first step needs
    (i32.store (i32.const 1024) (local.get $c0))
    (i32.store (i32.const 1028) (i32.const 0))
    (i32.store (i32.const 1032) (i32.const 0))
    (i32.store (i32.const 1036) (i32.load8_u offset=266240
      (i32.or (i32.shl (local.get $c0) (i32.const 4))
        (select (i32.and (i32.shr_u (local.get $c0) (i32.shl (local.get $it) (i32.const 1))) (i32.const 3)) (i32.const 0) (i32.ge_s (local.get $it) (i32.const 0))))))
    (f64.store (i32.const 2048) (f64.const 0))
    (block $end
      (loop $main
        (br_if $end (i32.lt_s (local.get $d) (i32.const 0)))
        (local.set $o4 (i32.shl (local.get $d) (i32.const 4)))
        (local.set $left (i32.load offset=1036 (local.get $o4)))
        (if (i32.eqz (local.get $left))
          (then
            (local.set $d (i32.sub (local.get $d) (i32.const 1)))
            (br $main)))
        (i32.store offset=1036 (local.get $o4) (i32.and (local.get $left) (i32.sub (local.get $left) (i32.const 1))))
        (local.set $g (i32.ctz (local.get $left)))
        (local.set $idx (i32.shl (i32.or (i32.or (i32.shl (local.get $d) (i32.const 9)) (i32.shl (i32.load offset=1024 (local.get $o4)) (i32.const 3))) (local.get $g)) (i32.const 4)))
        (local.set $kk (i32.xor (i32.load offset=1032 (local.get $o4)) (i32.load offset=4104 (local.get $idx))))
        (if (i32.eq (local.get $d) (i32.sub (local.get $S) (i32.const 1)))
          (then
            ;; a leaf: its key and id to the batch
            (i32.store offset=299008 (i32.shl (local.get $nbuf) (i32.const 2)) (local.get $kk))
            (f64.store offset=303104 (i32.shl (local.get $nbuf) (i32.const 3))
              (f64.add (local.get $idBase)
                (f64.add (f64.mul (f64.load offset=2048 (i32.shl (local.get $d) (i32.const 3)))
                    (f64.convert_i32_u (i32.shl (i32.const 1) (i32.load offset=64 (i32.shl (local.get $d) (i32.const 2))))))
                  (f64.convert_i32_u (local.get $g)))))
            (local.set $nbuf (i32.add (local.get $nbuf) (i32.const 1)))
            (if (i32.eq (local.get $nbuf) (i32.const 1024))
              (then
                (local.set $n (call $flush (local.get $mode) (local.get $mult) (local.get $shift) (local.get $nbuf) (local.get $n)))
                (if (i32.lt_s (local.get $n) (i32.const 0)) (then (return (i32.const -1))))
                (local.set $nbuf (i32.const 0))))
            (br $main)))
        (local.set $o (i32.xor (i32.load offset=1028 (local.get $o4)) (i32.load offset=4100 (local.get $idx))))
        (local.set $nc (i32.load offset=4096 (local.get $idx)))
        (local.set $dn (i32.add (local.get $d) (i32.const 1)))
        (local.set $it (i32.load offset=192 (i32.shl (local.get $dn) (i32.const 2))))
        (local.set $key (i32.or (i32.or
          (i32.shl (i32.or (i32.shl (local.get $dn) (i32.const 6)) (local.get $nc)) (i32.const 4))
          (i32.shl (i32.and (i32.shr_u (local.get $o) (i32.load offset=320 (i32.shl (local.get $dn) (i32.const 2)))) (i32.load offset=448 (i32.shl (local.get $dn) (i32.const 2)))) (i32.const 2)))
          (select (i32.and (i32.shr_u (local.get $c0) (i32.shl (local.get $it) (i32.const 1))) (i32.const 3)) (i32.const 0) (i32.ge_s (local.get $it) (i32.const 0)))))
        (f64.store offset=2048 (i32.shl (local.get $dn) (i32.const 3))
          (f64.add (f64.mul (f64.load offset=2048 (i32.shl (local.get $d) (i32.const 3)))
              (f64.convert_i32_u (i32.shl (i32.const 1) (i32.load offset=64 (i32.shl (local.get $d) (i32.const 2))))))
            (f64.convert_i32_u (local.get $g))))
        (local.set $o4 (i32.shl (local.get $dn) (i32.const 4)))
        (i32.store offset=1024 (local.get $o4) (local.get $nc))
        (i32.store offset=1028 (local.get $o4) (local.get $o))
        (i32.store offset=1032 (local.get $o4) (local.get $kk))
        (i32.store offset=1036 (local.get $o4) (i32.load8_u offset=266240 (local.get $key)))
        (local.set $d (local.get $dn))
        (br $main)))
    (if (result i32) (i32.gt_s (local.get $nbuf) (i32.const 0))
      (then (call $flush (local.get $mode) (local.get $mult) (local.get $shift) (local.get $nbuf) (local.get $n)))
      (else (local.get $n))))
)
