;; JavaScriptCore's mid-stream seed search (jsc-seed.ts, searchJscSeedWithin) in WebAssembly: the
;; elimination at each call index (1,024 of them), whose 64-bit row tags JavaScript keeps in two
;; halves. JavaScript writes the rows and reads each row's shares back; its own elimination stays
;; the reference and the path where WebAssembly is missing.
;;
;; Memory (bytes):
;;   [0, 256)          ROWS: the observed bits as seed masks (i32; 3 · low ≤ 64 of them)
;;   [256, 768)        TAGS: per row the rows it combines (i64), during the elimination
;;   [768, 1024)       SEEDOF, [1024, 1280) CHECKOF: per row its share of the seed and of the checks (i32)
;;   [1280, 1408)      PACKED: per seed bit its words' bits low … low + 9 (W0, W1, W2 at bits 0, 10, 20)
;;   [1408, 1920)      NIB: per seed nibble k (8) and value (16) the XOR of PACKED's columns
;;   [2048, 26624)     CT: the checks' share of each value of a word's half of low bits (6 tables of 2^10)
;;   [26624, 51200)    ST: the seed's share, the same way
;;   [51200, 55296)    DOF, [55296, 59392) SDOF: per x (W1's low half) its low halves' checks and seed
;;   [59392, 63488)    BYCHECK: the x sorted by DOF; [63488, 67592) BUCKETAT: 2^10 + 1 bucket starts
;;   [69632, 135168)   CAND: the seeds whose tuples meet the checks and the next bits (2^14 at most)
;;   [135168, 135680)  COLS: per seed bit the state after call c (state0, state1: i64 each)
;;   [135680, 136192)  NEXT: per seed bit the state after call c + 1
;;   [136192, 136320)  BITS: a word's 32 seed columns, transposed into its bits' seed masks
;;   [137216, 153600)  RANGES: per bucket where its x (ascending) start, pass m1, pass m2, end (i32 × 4)
;; jscEnumerate is the pair search's loop over W1's low bits (jsc-seed.ts PairScratch.enumerate and
;; bucketed), the same tables in the same order, so it lists the same seeds in the same order.
(module
  (memory (export "memory") 3)
  ;; Gauss–Jordan on the n ROWS (seed masks): pivot p (0 … 31) goes to row p, each row's TAGS
  ;; the rows it combines; rows 32 … n − 1 end as 0, their tags the checks. Then each observed
  ;; row's share: bit q of SEEDOF[r] (q < 32) when pivot row q's tag holds r, bit q − 32 of
  ;; CHECKOF[r] when check row q's does. Returns 0 below rank 32 (the tables then unset), else 1.
  (func $jscEliminate (export "jscEliminate") (param $n i32) (result i32)
    (local $p i32) (local $r i32) (local $q i32) (local $t i32) (local $tag i64) (local $rowP i32) (local $tagP i64)
    (local $bit i32) (local $into i32)
    (local.set $r (i32.const 0))
    (loop $init
      (i64.store offset=256 (i32.shl (local.get $r) (i32.const 3)) (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $r))))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br_if $init (i32.lt_u (local.get $r) (local.get $n))))
    (loop $pivot
      ;; the first row at or below p with bit p
      (local.set $r (local.get $p))
      (block $has
        (loop $seek
          (br_if $has (i32.and (i32.shr_u (i32.load offset=0 (i32.shl (local.get $r) (i32.const 2))) (local.get $p)) (i32.const 1)))
          (local.set $r (i32.add (local.get $r) (i32.const 1)))
          (if (i32.eq (local.get $r) (local.get $n)) (then (return (i32.const 0))))
          (br $seek)))
      ;; swap rows r and p (and their tags)
      (local.set $rowP (i32.load offset=0 (i32.shl (local.get $r) (i32.const 2))))
      (local.set $tagP (i64.load offset=256 (i32.shl (local.get $r) (i32.const 3))))
      (i32.store offset=0 (i32.shl (local.get $r) (i32.const 2)) (i32.load offset=0 (i32.shl (local.get $p) (i32.const 2))))
      (i64.store offset=256 (i32.shl (local.get $r) (i32.const 3)) (i64.load offset=256 (i32.shl (local.get $p) (i32.const 3))))
      (i32.store offset=0 (i32.shl (local.get $p) (i32.const 2)) (local.get $rowP))
      (i64.store offset=256 (i32.shl (local.get $p) (i32.const 3)) (local.get $tagP))
      ;; clear bit p from every other row, without a branch on the bit (a coin flip a row): each
      ;; row XORs the pivot row masked by its bit p; the pivot row, cleared with the rest, put back
      (local.set $q (i32.const 0))
      (loop $clear
        (local.set $bit (i32.sub (i32.const 0)
          (i32.and (i32.shr_u (i32.load offset=0 (i32.shl (local.get $q) (i32.const 2))) (local.get $p)) (i32.const 1))))
        (i32.store offset=0 (i32.shl (local.get $q) (i32.const 2))
          (i32.xor (i32.load offset=0 (i32.shl (local.get $q) (i32.const 2))) (i32.and (local.get $rowP) (local.get $bit))))
        (i64.store offset=256 (i32.shl (local.get $q) (i32.const 3))
          (i64.xor (i64.load offset=256 (i32.shl (local.get $q) (i32.const 3)))
            (i64.and (local.get $tagP) (i64.extend_i32_s (local.get $bit)))))
        (local.set $q (i32.add (local.get $q) (i32.const 1)))
        (br_if $clear (i32.lt_u (local.get $q) (local.get $n))))
      (i32.store offset=0 (i32.shl (local.get $p) (i32.const 2)) (local.get $rowP))
      (i64.store offset=256 (i32.shl (local.get $p) (i32.const 3)) (local.get $tagP))
      (local.set $p (i32.add (local.get $p) (i32.const 1)))
      (br_if $pivot (i32.lt_u (local.get $p) (i32.const 32))))
    ;; the shares
    (local.set $r (i32.const 0))
    (loop $zero
      (i32.store offset=768 (i32.shl (local.get $r) (i32.const 2)) (i32.const 0))
      (i32.store offset=1024 (i32.shl (local.get $r) (i32.const 2)) (i32.const 0))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br_if $zero (i32.lt_u (local.get $r) (local.get $n))))
    (local.set $q (i32.const 0))
    (loop $share
      (if (i32.lt_u (local.get $q) (i32.const 32))
        (then (local.set $into (i32.const 768)) (local.set $bit (i32.shl (i32.const 1) (local.get $q))))
        (else (local.set $into (i32.const 1024)) (local.set $bit (i32.shl (i32.const 1) (i32.sub (local.get $q) (i32.const 32))))))
      (local.set $tag (i64.load offset=256 (i32.shl (local.get $q) (i32.const 3))))
      (block $none
        (loop $rows
          (br_if $none (i64.eqz (local.get $tag)))
          (local.set $t (i32.add (local.get $into) (i32.shl (i32.wrap_i64 (i64.ctz (local.get $tag))) (i32.const 2))))
          (i32.store (local.get $t) (i32.or (i32.load (local.get $t)) (local.get $bit)))
          (local.set $tag (i64.and (local.get $tag) (i64.sub (local.get $tag) (i64.const 1))))
          (br $rows)))
      (local.set $q (i32.add (local.get $q) (i32.const 1)))
      (br_if $share (i32.lt_u (local.get $q) (local.get $n))))
    (i32.const 1))
  ;; The seeds whose tuples (x0, x1, x2 of W0, W1, W2's low `low` bits, x0 + x1 = a and x1 + x2 = b
  ;; mod 2^low) meet the parity checks and whose next 10 bits of both sums fit, into CAND; returns
  ;; how many, or −1 when CAND would overflow (JavaScript then runs its own loop). SEEDOF and
  ;; CHECKOF as jscEliminate left them for `low`, PACKED as jscCall wrote it; 3 · low − 32 check
  ;; bits at most 10 (the bucketed loop: W1's low halves counting-sorted by their part of the
  ;; checks, then for each high half and each of the three ranges of x that borrow alike only the
  ;; bucket whose part matches visited).
  (func $jscEnumerate (param $low i32) (param $a i32) (param $b i32) (param $aNext i32) (param $bNext i32) (result i32)
    (local $h i32) (local $t i32) (local $w i32) (local $from i32) (local $bits i32) (local $j i32) (local $half i32)
    (local $x i32) (local $c i32) (local $e i32) (local $ct i32) (local $st i32) (local $k i32)
    (local $hm i32) (local $lowN i32) (local $hh i32) (local $hhm i32) (local $aLo i32) (local $bLo i32) (local $aHi i32) (local $bHi i32)
    (local $nB i32) (local $x0 i32) (local $x2 i32) (local $d i32) (local $m1 i32) (local $m2 i32) (local $xh i32) (local $r i32)
    (local $to i32) (local $br0 i32) (local $br2 i32) (local $x0h i32) (local $x2h i32) (local $sh i32) (local $i i32) (local $iEnd i32)
    (local $seed i32) (local $q i32) (local $w1 i32) (local $n i32)
    (local.set $h (i32.shr_u (i32.add (local.get $low) (i32.const 1)) (i32.const 1)))
    ;; the six half tables: t = 2 · word + (0: the low h bits, 1: the rest)
    (loop $table
      (local.set $w (i32.shr_u (local.get $t) (i32.const 1)))
      (local.set $from (select (i32.const 0) (local.get $h) (i32.eqz (i32.and (local.get $t) (i32.const 1)))))
      (local.set $bits (select (local.get $h) (i32.sub (local.get $low) (local.get $h)) (i32.eqz (i32.and (local.get $t) (i32.const 1)))))
      (local.set $ct (i32.add (i32.const 2048) (i32.shl (local.get $t) (i32.const 12))))
      (local.set $st (i32.add (i32.const 26624) (i32.shl (local.get $t) (i32.const 12))))
      (i32.store (local.get $ct) (i32.const 0))
      (i32.store (local.get $st) (i32.const 0))
      (local.set $j (i32.const 0))
      (block $bitsDone
        (loop $bit
          (br_if $bitsDone (i32.ge_u (local.get $j) (local.get $bits)))
          (local.set $k (i32.shl (i32.add (i32.mul (local.get $w) (local.get $low)) (i32.add (local.get $from) (local.get $j))) (i32.const 2)))
          (local.set $c (i32.load offset=1024 (local.get $k)))
          (local.set $e (i32.load offset=768 (local.get $k)))
          (local.set $half (i32.shl (i32.const 1) (local.get $j)))
          (local.set $x (i32.const 0))
          (loop $double
            (local.set $k (i32.shl (local.get $x) (i32.const 2)))
            (i32.store (i32.add (local.get $ct) (i32.shl (i32.add (local.get $half) (local.get $x)) (i32.const 2)))
              (i32.xor (i32.load (i32.add (local.get $ct) (local.get $k))) (local.get $c)))
            (i32.store (i32.add (local.get $st) (i32.shl (i32.add (local.get $half) (local.get $x)) (i32.const 2)))
              (i32.xor (i32.load (i32.add (local.get $st) (local.get $k))) (local.get $e)))
            (local.set $x (i32.add (local.get $x) (i32.const 1)))
            (br_if $double (i32.lt_u (local.get $x) (local.get $half))))
          (local.set $j (i32.add (local.get $j) (i32.const 1)))
          (br $bit)))
      (local.set $t (i32.add (local.get $t) (i32.const 1)))
      (br_if $table (i32.lt_u (local.get $t) (i32.const 6))))
    ;; the nibble tables: NIB[16k + x] = NIB[16k + (x & (x − 1))] ^ PACKED[4k + ctz x]
    (local.set $k (i32.const 0))
    (loop $nibK
      (i32.store offset=1408 (i32.shl (i32.shl (local.get $k) (i32.const 4)) (i32.const 2)) (i32.const 0))
      (local.set $x (i32.const 1))
      (loop $nibX
        (i32.store offset=1408 (i32.shl (i32.add (i32.shl (local.get $k) (i32.const 4)) (local.get $x)) (i32.const 2))
          (i32.xor
            (i32.load offset=1408 (i32.shl (i32.add (i32.shl (local.get $k) (i32.const 4)) (i32.and (local.get $x) (i32.sub (local.get $x) (i32.const 1)))) (i32.const 2)))
            (i32.load offset=1280 (i32.shl (i32.add (i32.shl (local.get $k) (i32.const 2)) (i32.ctz (local.get $x))) (i32.const 2)))))
        (local.set $x (i32.add (local.get $x) (i32.const 1)))
        (br_if $nibX (i32.lt_u (local.get $x) (i32.const 16))))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br_if $nibK (i32.lt_u (local.get $k) (i32.const 8))))
    ;; the low halves' part of the checks per x, the x counting-sorted by it
    (local.set $hm (i32.sub (i32.shl (i32.const 1) (local.get $h)) (i32.const 1)))
    (local.set $lowN (i32.shl (i32.const 1) (local.get $h)))
    (local.set $hh (i32.sub (local.get $low) (local.get $h)))
    (local.set $hhm (i32.sub (i32.shl (i32.const 1) (local.get $hh)) (i32.const 1)))
    (local.set $aLo (i32.and (local.get $a) (local.get $hm)))
    (local.set $bLo (i32.and (local.get $b) (local.get $hm)))
    (local.set $aHi (i32.shr_u (local.get $a) (local.get $h)))
    (local.set $bHi (i32.shr_u (local.get $b) (local.get $h)))
    (local.set $nB (i32.shl (i32.const 1) (i32.sub (i32.mul (local.get $low) (i32.const 3)) (i32.const 32))))
    (local.set $e (i32.const 0))
    (loop $clear
      (i32.store offset=63488 (i32.shl (local.get $e) (i32.const 2)) (i32.const 0))
      (local.set $e (i32.add (local.get $e) (i32.const 1)))
      (br_if $clear (i32.le_u (local.get $e) (local.get $nB))))
    (local.set $x (i32.const 0))
    (loop $part
      (local.set $x0 (i32.shl (i32.and (i32.sub (local.get $aLo) (local.get $x)) (local.get $hm)) (i32.const 2)))
      (local.set $x2 (i32.shl (i32.and (i32.sub (local.get $bLo) (local.get $x)) (local.get $hm)) (i32.const 2)))
      (local.set $k (i32.shl (local.get $x) (i32.const 2)))
      ;; CT tables 0, 2, 4 (the low halves of W0, W1, W2) at 2048 + 4096 t
      (local.set $d (i32.xor (i32.xor (i32.load offset=2048 (local.get $x0)) (i32.load offset=10240 (local.get $k))) (i32.load offset=18432 (local.get $x2))))
      (i32.store offset=51200 (local.get $k) (local.get $d))
      (i32.store offset=55296 (local.get $k)
        (i32.xor (i32.xor (i32.load offset=26624 (local.get $x0)) (i32.load offset=34816 (local.get $k))) (i32.load offset=43008 (local.get $x2))))
      (local.set $d (i32.shl (i32.add (local.get $d) (i32.const 1)) (i32.const 2)))
      (i32.store offset=63488 (local.get $d) (i32.add (i32.load offset=63488 (local.get $d)) (i32.const 1)))
      (local.set $x (i32.add (local.get $x) (i32.const 1)))
      (br_if $part (i32.lt_u (local.get $x) (local.get $lowN))))
    (local.set $e (i32.const 0))
    (loop $prefix
      (local.set $k (i32.shl (local.get $e) (i32.const 2)))
      (i32.store offset=63492 (local.get $k) (i32.add (i32.load offset=63492 (local.get $k)) (i32.load offset=63488 (local.get $k))))
      (local.set $e (i32.add (local.get $e) (i32.const 1)))
      (br_if $prefix (i32.lt_u (local.get $e) (local.get $nB))))
    (local.set $x (i32.const 0))
    (loop $sort
      (local.set $k (i32.shl (i32.load offset=51200 (i32.shl (local.get $x) (i32.const 2))) (i32.const 2)))
      (local.set $i (i32.load offset=63488 (local.get $k)))
      (i32.store offset=59392 (i32.shl (local.get $i) (i32.const 2)) (local.get $x))
      (i32.store offset=63488 (local.get $k) (i32.add (local.get $i) (i32.const 1)))
      (local.set $x (i32.add (local.get $x) (i32.const 1)))
      (br_if $sort (i32.lt_u (local.get $x) (local.get $lowN))))
    ;; the starts back one bucket (each end was advanced to the next one's start)
    (local.set $e (local.get $nB))
    (loop $back
      (i32.store offset=63488 (i32.shl (local.get $e) (i32.const 2)) (i32.load offset=63484 (i32.shl (local.get $e) (i32.const 2))))
      (local.set $e (i32.sub (local.get $e) (i32.const 1)))
      (br_if $back (i32.gt_u (local.get $e) (i32.const 0))))
    (i32.store offset=63488 (i32.const 0) (i32.const 0))
    (local.set $m1 (select (local.get $aLo) (local.get $bLo) (i32.lt_u (local.get $aLo) (local.get $bLo))))
    (local.set $m2 (select (local.get $bLo) (local.get $aLo) (i32.lt_u (local.get $aLo) (local.get $bLo))))
    ;; RANGES: each bucket (x ascending) cut where x passes m1 and m2, so that each borrow range's
    ;; x are visited and no others
    (local.set $e (i32.const 0))
    (loop $cut
      (local.set $k (i32.shl (local.get $e) (i32.const 4)))
      (local.set $i (i32.load offset=63488 (i32.shl (local.get $e) (i32.const 2))))
      (local.set $iEnd (i32.load offset=63492 (i32.shl (local.get $e) (i32.const 2))))
      (i32.store offset=137216 (local.get $k) (local.get $i))
      (block $past1
        (loop $upTo1
          (br_if $past1 (i32.ge_u (local.get $i) (local.get $iEnd)))
          (br_if $past1 (i32.gt_u (i32.load offset=59392 (i32.shl (local.get $i) (i32.const 2))) (local.get $m1)))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $upTo1)))
      (i32.store offset=137220 (local.get $k) (local.get $i))
      (block $past2
        (loop $upTo2
          (br_if $past2 (i32.ge_u (local.get $i) (local.get $iEnd)))
          (br_if $past2 (i32.gt_u (i32.load offset=59392 (i32.shl (local.get $i) (i32.const 2))) (local.get $m2)))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $upTo2)))
      (i32.store offset=137224 (local.get $k) (local.get $i))
      (i32.store offset=137228 (local.get $k) (local.get $iEnd))
      (local.set $e (i32.add (local.get $e) (i32.const 1)))
      (br_if $cut (i32.lt_u (local.get $e) (local.get $nB))))
    (local.set $xh (i32.const 0))
    (loop $high
      (local.set $r (i32.const 0))
      (loop $range
        (block $skip
          ;; x in [from, to]: r = 0 borrows in neither, 1 in the smaller of aLo, bLo's, 2 in both
          (local.set $from (select (i32.const 0) (select (i32.add (local.get $m1) (i32.const 1)) (i32.add (local.get $m2) (i32.const 1)) (i32.eq (local.get $r) (i32.const 1))) (i32.eqz (local.get $r))))
          (local.set $to (select (local.get $m1) (select (local.get $m2) (i32.sub (local.get $lowN) (i32.const 1)) (i32.eq (local.get $r) (i32.const 1))) (i32.eqz (local.get $r))))
          (br_if $skip (i32.gt_s (local.get $from) (local.get $to)))
          (local.set $br0 (i32.or (i32.eq (local.get $r) (i32.const 2)) (i32.and (i32.eq (local.get $r) (i32.const 1)) (i32.lt_u (local.get $aLo) (local.get $bLo)))))
          (local.set $br2 (i32.or (i32.eq (local.get $r) (i32.const 2)) (i32.and (i32.eq (local.get $r) (i32.const 1)) (i32.lt_u (local.get $bLo) (local.get $aLo)))))
          (local.set $x0h (i32.and (i32.sub (i32.sub (local.get $aHi) (local.get $xh)) (local.get $br0)) (local.get $hhm)))
          (local.set $x2h (i32.and (i32.sub (i32.sub (local.get $bHi) (local.get $xh)) (local.get $br2)) (local.get $hhm)))
          ;; CT / ST tables 1, 3, 5: the high halves
          (local.set $e (i32.xor (i32.xor
            (i32.load offset=6144 (i32.shl (local.get $x0h) (i32.const 2)))
            (i32.load offset=14336 (i32.shl (local.get $xh) (i32.const 2))))
            (i32.load offset=22528 (i32.shl (local.get $x2h) (i32.const 2)))))
          (local.set $sh (i32.xor (i32.xor
            (i32.load offset=30720 (i32.shl (local.get $x0h) (i32.const 2)))
            (i32.load offset=38912 (i32.shl (local.get $xh) (i32.const 2))))
            (i32.load offset=47104 (i32.shl (local.get $x2h) (i32.const 2)))))
          ;; the bucket's x in this range (RANGES)
          (local.set $k (i32.add (i32.shl (local.get $e) (i32.const 4)) (i32.shl (local.get $r) (i32.const 2))))
          (local.set $i (i32.load offset=137216 (local.get $k)))
          (local.set $iEnd (i32.load offset=137220 (local.get $k)))
          (block $bucketDone
            (loop $inBucket
              (br_if $bucketDone (i32.ge_u (local.get $i) (local.get $iEnd)))
              (local.set $x (i32.load offset=59392 (i32.shl (local.get $i) (i32.const 2))))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (if (i32.ge_u (local.get $n) (i32.const 16384)) (then (return (i32.const -1))))
              (local.set $seed (i32.xor (i32.load offset=55296 (i32.shl (local.get $x) (i32.const 2))) (local.get $sh)))
              (i32.store offset=69632 (i32.shl (local.get $n) (i32.const 2)) (local.get $seed))
              ;; the next 10 bits of both sums (fitsNext): the seed's words' bits from the nibbles
              (local.set $q (i32.xor (i32.xor (i32.xor
                (i32.load offset=1408 (i32.shl (i32.and (local.get $seed) (i32.const 15)) (i32.const 2)))
                (i32.load offset=1472 (i32.shl (i32.and (i32.shr_u (local.get $seed) (i32.const 4)) (i32.const 15)) (i32.const 2))))
                (i32.xor
                  (i32.load offset=1536 (i32.shl (i32.and (i32.shr_u (local.get $seed) (i32.const 8)) (i32.const 15)) (i32.const 2)))
                  (i32.load offset=1600 (i32.shl (i32.and (i32.shr_u (local.get $seed) (i32.const 12)) (i32.const 15)) (i32.const 2)))))
                (i32.xor (i32.xor
                  (i32.load offset=1664 (i32.shl (i32.and (i32.shr_u (local.get $seed) (i32.const 16)) (i32.const 15)) (i32.const 2)))
                  (i32.load offset=1728 (i32.shl (i32.and (i32.shr_u (local.get $seed) (i32.const 20)) (i32.const 15)) (i32.const 2))))
                  (i32.xor
                    (i32.load offset=1792 (i32.shl (i32.and (i32.shr_u (local.get $seed) (i32.const 24)) (i32.const 15)) (i32.const 2)))
                    (i32.load offset=1856 (i32.shl (i32.shr_u (local.get $seed) (i32.const 28)) (i32.const 2)))))))
              (local.set $w1 (i32.and (i32.shr_u (local.get $q) (i32.const 10)) (i32.const 1023)))
              (local.set $x0 (i32.or (i32.shl (local.get $x0h) (local.get $h)) (i32.and (i32.sub (local.get $aLo) (local.get $x)) (local.get $hm))))
              (local.set $x2 (i32.or (i32.shl (local.get $x2h) (local.get $h)) (i32.and (i32.sub (local.get $bLo) (local.get $x)) (local.get $hm))))
              (local.set $c (i32.or (i32.shl (local.get $xh) (local.get $h)) (local.get $x)))
              (local.set $n (i32.add (local.get $n) (i32.and
                (i32.eq (i32.and (i32.add (i32.add (i32.and (local.get $q) (i32.const 1023)) (local.get $w1))
                  (i32.shr_u (i32.add (local.get $x0) (local.get $c)) (local.get $low))) (i32.const 1023)) (local.get $aNext))
                (i32.eq (i32.and (i32.add (i32.add (local.get $w1) (i32.shr_u (local.get $q) (i32.const 20)))
                  (i32.shr_u (i32.add (local.get $c) (local.get $x2)) (local.get $low))) (i32.const 1023)) (local.get $bNext)))))
              (br $inBucket))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br_if $range (i32.lt_u (local.get $r) (i32.const 3))))
      (local.set $xh (i32.add (local.get $xh) (i32.const 1)))
      (br_if $high (i32.le_u (local.get $xh) (local.get $hhm))))
    (local.get $n))
  ;; One call index of searchJscSeedWithin whole (the search's PairScratch.search up to its
  ;; candidates): with `advance`, COLS ← NEXT and NEXT one step on (`sar`: JavaScriptCore's JIT
  ;; thunk's arithmetic shifts); then for low = 12 … 20 the rows of W0, W1, W2's low bits (W0 =
  ;; state0 and W1 = state1 after call c, W2 = state1 after c + 1), eliminated until rank 32, and
  ;; the bucketed loop with v0Lo, v1Lo (the two values' low 32 bits). Returns how many candidates
  ;; CAND holds (each still to be checked on the 53-bit sums), −1 when CAND would overflow, −2 when
  ;; no low ≤ 20 reaches rank 32, −3 when the first that does has more than 10 check bits (the
  ;; caller then runs its JavaScript search for this call index, from COLS and NEXT).
  (func $jscCall (export "jscCall") (param $advance i32) (param $sar i32) (param $v0Lo i32) (param $v1Lo i32) (result i32)
    (local $s i32) (local $o i32) (local $x i64) (local $y i64) (local $low i32) (local $w i32) (local $j i32)
    (local $mask i32) (local $k i32) (local $t i32) (local $m i32) (local $jj i32)
    (if (local.get $advance)
      (then
        (loop $cols
          (local.set $o (i32.shl (local.get $s) (i32.const 4)))
          (local.set $x (i64.load offset=135680 (local.get $o)))
          (local.set $y (i64.load offset=135688 (local.get $o)))
          (i64.store offset=135168 (local.get $o) (local.get $x))
          (i64.store offset=135176 (local.get $o) (local.get $y))
          ;; state0 ← state1; x ^= x << 23; x ^= x >> 17; state1 ← x ^ y ^ (y >> 26)
          (i64.store offset=135680 (local.get $o) (local.get $y))
          (local.set $x (i64.xor (local.get $x) (i64.shl (local.get $x) (i64.const 23))))
          (if (local.get $sar)
            (then
              (local.set $x (i64.xor (local.get $x) (i64.shr_s (local.get $x) (i64.const 17))))
              (local.set $x (i64.xor (i64.xor (local.get $x) (local.get $y)) (i64.shr_s (local.get $y) (i64.const 26)))))
            (else
              (local.set $x (i64.xor (local.get $x) (i64.shr_u (local.get $x) (i64.const 17))))
              (local.set $x (i64.xor (i64.xor (local.get $x) (local.get $y)) (i64.shr_u (local.get $y) (i64.const 26))))))
          (i64.store offset=135688 (local.get $o) (local.get $x))
          (local.set $s (i32.add (local.get $s) (i32.const 1)))
          (br_if $cols (i32.lt_u (local.get $s) (i32.const 32))))))
    (local.set $low (i32.const 12))
    (loop $lows
      ;; the rows: each word's 32 seed columns transposed (Hacker's Delight's transpose32), its
      ;; low bits' seed masks to ROWS[w · low + j]
      (local.set $w (i32.const 0))
      (loop $words
        (local.set $s (i32.const 0))
        (loop $gather
          (local.set $o (i32.shl (local.get $s) (i32.const 4)))
          (i32.store offset=136192 (i32.shl (local.get $s) (i32.const 2))
            (select (i32.load offset=135688 (local.get $o))
              (select (i32.load offset=135176 (local.get $o)) (i32.load offset=135168 (local.get $o)) (local.get $w))
              (i32.eq (local.get $w) (i32.const 2))))
          (local.set $s (i32.add (local.get $s) (i32.const 1)))
          (br_if $gather (i32.lt_u (local.get $s) (i32.const 32))))
        (local.set $jj (i32.const 16))
        (local.set $mask (i32.const 0x0000ffff))
        (loop $rounds
          (local.set $k (i32.const 0))
          (loop $pairs
            (local.set $t (i32.and (i32.xor
              (i32.shr_u (i32.load offset=136192 (i32.shl (local.get $k) (i32.const 2))) (local.get $jj))
              (i32.load offset=136192 (i32.shl (i32.add (local.get $k) (local.get $jj)) (i32.const 2)))) (local.get $mask)))
            (i32.store offset=136192 (i32.shl (local.get $k) (i32.const 2))
              (i32.xor (i32.load offset=136192 (i32.shl (local.get $k) (i32.const 2))) (i32.shl (local.get $t) (local.get $jj))))
            (i32.store offset=136192 (i32.shl (i32.add (local.get $k) (local.get $jj)) (i32.const 2))
              (i32.xor (i32.load offset=136192 (i32.shl (i32.add (local.get $k) (local.get $jj)) (i32.const 2))) (local.get $t)))
            (local.set $k (i32.and (i32.add (i32.add (local.get $k) (local.get $jj)) (i32.const 1)) (i32.xor (local.get $jj) (i32.const -1))))
            (br_if $pairs (i32.lt_u (local.get $k) (i32.const 32))))
          (local.set $jj (i32.shr_u (local.get $jj) (i32.const 1)))
          (local.set $mask (i32.xor (local.get $mask) (i32.shl (local.get $mask) (local.get $jj))))
          (br_if $rounds (local.get $jj)))
        (local.set $j (i32.const 0))
        (loop $copy
          (i32.store (i32.shl (i32.add (i32.mul (local.get $w) (local.get $low)) (local.get $j)) (i32.const 2))
            (i32.load offset=136192 (i32.shl (local.get $j) (i32.const 2))))
          (local.set $j (i32.add (local.get $j) (i32.const 1)))
          (br_if $copy (i32.lt_u (local.get $j) (local.get $low))))
        (local.set $w (i32.add (local.get $w) (i32.const 1)))
        (br_if $words (i32.lt_u (local.get $w) (i32.const 3))))
      (if (call $jscEliminate (i32.mul (local.get $low) (i32.const 3)))
        (then
          (if (i32.gt_s (i32.sub (i32.mul (local.get $low) (i32.const 3)) (i32.const 32)) (i32.const 10)) (then (return (i32.const -3))))
          ;; PACKED: per seed bit its words' bits low … low + 9
          (local.set $s (i32.const 0))
          (loop $pack
            (local.set $o (i32.shl (local.get $s) (i32.const 4)))
            (i32.store offset=1280 (i32.shl (local.get $s) (i32.const 2))
              (i32.or (i32.or
                (i32.and (i32.shr_u (i32.load offset=135168 (local.get $o)) (local.get $low)) (i32.const 1023))
                (i32.shl (i32.and (i32.shr_u (i32.load offset=135176 (local.get $o)) (local.get $low)) (i32.const 1023)) (i32.const 10)))
                (i32.shl (i32.and (i32.shr_u (i32.load offset=135688 (local.get $o)) (local.get $low)) (i32.const 1023)) (i32.const 20))))
            (local.set $s (i32.add (local.get $s) (i32.const 1)))
            (br_if $pack (i32.lt_u (local.get $s) (i32.const 32))))
          (local.set $m (i32.sub (i32.shl (i32.const 1) (local.get $low)) (i32.const 1)))
          (return (call $jscEnumerate (local.get $low)
            (i32.and (local.get $v0Lo) (local.get $m)) (i32.and (local.get $v1Lo) (local.get $m))
            (i32.and (i32.shr_u (local.get $v0Lo) (local.get $low)) (i32.const 1023))
            (i32.and (i32.shr_u (local.get $v1Lo) (local.get $low)) (i32.const 1023))))))
      (local.set $low (i32.add (local.get $low) (i32.const 1)))
      (br_if $lows (i32.le_u (local.get $low) (i32.const 20))))
    (i32.const -2))
)
