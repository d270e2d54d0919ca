;; The fill() kernels of @emu/core, in WebAssembly: 64-bit integer arithmetic in 64-bit registers,
;; where JavaScript needs two 32-bit halves. Assembled by build.mjs (wabt) into ../src/kernels-wasm.ts;
;; the JavaScript loops in the packages stay the reference path and the tests prove both
;; bit-identical. Every parameter is an i32 or an f64, so no BigInt crosses the boundary.
;;
;; Memory (one 64 KiB page, never grown):
;;   [0, 32768)        OUT: up to 4096 doubles a call writes
;;   [32768, 32784)    XS:  xorshift128+ state0, state1 (i64, little-endian)
;;   [32784, 32792)    LCG: the 48-bit LCG state (i64)
;;   [32800, 32816)    SEEDED_BASE: a V8 state (state0, state1) the seeded-state scan starts from
;;   [32816, 33328)    SEEDED_BASIS: up to 32 vectors (state0, state1) of the scan's affine space
;;   [33328, 34352)    SEEDED_FOUND: up to 64 states (state0, state1) the scan found
(module
  (memory (export "memory") 1)

  ;; xorshift128+: `blocks` blocks of `per` values each, every value
  ;;   double = ((s0 + (s1 & sumMask)) & mask) >>> shift, as an exact integer, times scale
  ;; taken just after the step (state0, state1 as the engine holds them then), stored at OUT in
  ;; generation order within the block (desc = 0) or reversed within it (desc = 1; V8's cache
  ;; handed out from its end). canon bit 0: a state word that is a NaN pattern becomes
  ;; 0x7FF8000000000000 before every block but the first (V8 5.6–7.0 stored the state as a double
  ;; after each refill); bit 1: before the first block too (a call that continues such a run).
  ;; maskBits is 52, 53 or 64; sumAll is 0 (s0 alone) or 1 (s0 + s1).
  (func $xorshiftFill (export "xorshiftFill")
    (param $blocks i32) (param $per i32) (param $desc i32) (param $canon i32)
    (param $sumAll i32) (param $maskBits i32) (param $shift i32) (param $scale f64)
    (local $s0 i64) (local $s1 i64) (local $x i64) (local $sm i64) (local $mask i64) (local $sh i64)
    (local $p i32) (local $step i32) (local $k i32) (local $b i32)
    (local.set $s0 (i64.load (i32.const 32768)))
    (local.set $s1 (i64.load (i32.const 32776)))
    (local.set $sm (i64.extend_i32_s (i32.sub (i32.const 0) (local.get $sumAll))))
    ;; (1 << 64) - 1 wraps to 0 - 1 = all ones, which is the mask wanted for 64
    (local.set $mask (i64.sub (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $maskBits))) (i64.const 1)))
    (if (i32.eq (local.get $maskBits) (i32.const 64)) (then (local.set $mask (i64.const -1))))
    (local.set $sh (i64.extend_i32_u (local.get $shift)))
    (local.set $step (select (i32.const -8) (i32.const 8) (local.get $desc)))
    (block $done
      (loop $block
        (br_if $done (i32.ge_u (local.get $b) (local.get $blocks)))
        (if (i32.and (local.get $canon) (i32.shl (i32.const 1) (i32.eqz (local.get $b))))
          (then
            (local.set $s0 (call $canonicalize (local.get $s0)))
            (local.set $s1 (call $canonicalize (local.get $s1)))))
        ;; first slot of this block: its start, or its end when handed out in reverse
        (local.set $p (i32.shl (i32.mul (local.get $b) (local.get $per)) (i32.const 3)))
        (if (local.get $desc)
          (then (local.set $p (i32.add (local.get $p) (i32.shl (i32.sub (local.get $per) (i32.const 1)) (i32.const 3))))))
        (local.set $k (local.get $per))
        (loop $value
          ;; x = state0; state0 = state1; x ^= x << 23; x ^= x >> 17; x ^= state0 ^ (state0 >> 26)
          (local.set $x (local.get $s0))
          (local.set $s0 (local.get $s1))
          (local.set $x (i64.xor (local.get $x) (i64.shl (local.get $x) (i64.const 23))))
          (local.set $x (i64.xor (local.get $x) (i64.shr_u (local.get $x) (i64.const 17))))
          (local.set $s1 (i64.xor (i64.xor (local.get $x) (local.get $s0)) (i64.shr_u (local.get $s0) (i64.const 26))))
          ;; at most 53 bits, so the signed conversion is exact
          (f64.store (local.get $p)
            (f64.mul
              (f64.convert_i64_s
                (i64.shr_u
                  (i64.and (i64.add (local.get $s0) (i64.and (local.get $s1) (local.get $sm))) (local.get $mask))
                  (local.get $sh)))
              (local.get $scale)))
          (local.set $p (i32.add (local.get $p) (local.get $step)))
          (br_if $value (local.tee $k (i32.sub (local.get $k) (i32.const 1)))))
        (local.set $b (i32.add (local.get $b) (i32.const 1)))
        (br $block)))
    (i64.store (i32.const 32768) (local.get $s0))
    (i64.store (i32.const 32776) (local.get $s1)))

  ;; V8 5.6–7.0 stored the state words as doubles: every NaN pattern became the canonical NaN.
  (func $canonicalize (param $w i64) (result i64)
    (select
      (i64.const 0x7FF8000000000000)
      (local.get $w)
      (i32.and
        (i64.eq (i64.and (local.get $w) (i64.const 0x7FF0000000000000)) (i64.const 0x7FF0000000000000))
        (i64.ne (i64.and (local.get $w) (i64.const 0x000FFFFFFFFFFFFF)) (i64.const 0)))))

;; java.util.Random / SpiderMonkey before XorShift128+: n doubles at OUT, each two LCG draws
  ;;   x' = (x * 0x5DEECE66D + 0xB) mod 2^48;  double = ((x1 >> 22) * 2^27 + (x2 >> 21)) / 2^53
  ;; Two doubles per turn, all four draws from the turn's first state (x_k = M^k x + A_k mod 2^48),
  ;; so the multiplications do not wait for each other: one after another they would chain 4
  ;; multiply latencies per turn instead of 1. Each x_k is written out: V8 of Node 20 does not
  ;; inline small wasm functions, and a call per draw cost more than the arithmetic.
  (func $lcgFill (export "lcgFill") (param $n i32)
    (local $s i64) (local $x1 i64) (local $x2 i64) (local $x3 i64) (local $p i32) (local $end i32)
    (local.set $s (i64.load (i32.const 32784)))
    (local.set $end (i32.shl (i32.and (local.get $n) (i32.const -2)) (i32.const 3)))
    (block $pairs
      (br_if $pairs (i32.eqz (local.get $end)))
      (loop $pair
        (local.set $x1 (i64.and (i64.add (i64.mul (local.get $s) (i64.const 0x5deece66d)) (i64.const 0xb)) (i64.const 0xFFFFFFFFFFFF)))
        (local.set $x2 (i64.and (i64.add (i64.mul (local.get $s) (i64.const 0xbb20b4600a69)) (i64.const 0x40942de6ba)) (i64.const 0xFFFFFFFFFFFF)))
        (local.set $x3 (i64.and (i64.add (i64.mul (local.get $s) (i64.const 0xd498bd0ac4b5)) (i64.const 0xaa8544e593d)) (i64.const 0xFFFFFFFFFFFF)))
        (local.set $s (i64.and (i64.add (i64.mul (local.get $s) (i64.const 0x32eb772c5f11)) (i64.const 0x2d3873c4cd04)) (i64.const 0xFFFFFFFFFFFF)))
        (f64.store (local.get $p)
          (f64.mul
            (f64.convert_i64_s
              (i64.add
                (i64.shl (i64.shr_u (local.get $x1) (i64.const 22)) (i64.const 27))
                (i64.shr_u (local.get $x2) (i64.const 21))))
            (f64.const 0x1p-53)))
        (f64.store offset=8 (local.get $p)
          (f64.mul
            (f64.convert_i64_s
              (i64.add
                (i64.shl (i64.shr_u (local.get $x3) (i64.const 22)) (i64.const 27))
                (i64.shr_u (local.get $s) (i64.const 21))))
            (f64.const 0x1p-53)))
        (br_if $pair (i32.lt_u (local.tee $p (i32.add (local.get $p) (i32.const 16))) (local.get $end)))))
    ;; an odd n: one more double
    (if (i32.and (local.get $n) (i32.const 1))
      (then
        (local.set $x1 (i64.and (i64.add (i64.mul (local.get $s) (i64.const 0x5deece66d)) (i64.const 0xb)) (i64.const 0xFFFFFFFFFFFF)))
        (local.set $s (i64.and (i64.add (i64.mul (local.get $s) (i64.const 0xbb20b4600a69)) (i64.const 0x40942de6ba)) (i64.const 0xFFFFFFFFFFFF)))
        (f64.store (local.get $p)
          (f64.mul
            (f64.convert_i64_s
              (i64.add
                (i64.shl (i64.shr_u (local.get $x1) (i64.const 22)) (i64.const 27))
                (i64.shr_u (local.get $s) (i64.const 21))))
            (f64.const 0x1p-53)))))
    (i64.store (i32.const 32784) (local.get $s)))
  ;; V8 seeds a context's state as (fmix64(seed), fmix64(~seed)): of all states only those with
  ;; state1 = fmix64(~fmix64⁻¹(state0)) start a context. v8SeededScan walks the affine space
  ;; SEEDED_BASE ⊕ span(SEEDED_BASIS[0 … d)) in Gray-code order (one basis vector XORed in per
  ;; state, the vector of the trailing zeros of the step's index) and writes the states that pass
  ;; to SEEDED_FOUND, the first `cap` of them (cap ≤ 64); returns how many passed in all.
  ;; fmix64: h ^= h >> 33; h *= C1; h ^= h >> 33; h *= C2; h ^= h >> 33; its inverse the same shape
  ;; with C2⁻¹, C1⁻¹ (h ^= h >> 33 undoes itself). Folded to four multiplications a state:
  ;;   - the walk tracks u = state0 ^ state0 >> 33 and w = state1 ^ state1 >> 33 (linear, so the
  ;;     base and basis are mapped once): fmix64⁻¹'s first step and fmix64's last are gone;
  ;;   - seed = x ^ x >> 33 followed by ~ and fmix64's first x ^= x >> 33 is x ^ 0xFFFFFFFF80000000
  ;;     ((~seed) >> 33 = (seed >> 33) ^ (2^31 − 1), and the two shifts by 33 cancel).
  ;; Written out, not called: V8 of Node 20 does not inline small wasm functions (see lcgFill), so
  ;; the states go 8 to a block, the block's 7 inner steps XOR basis vectors 0, 1, 0, 2, 0, 1, 0
  ;; held in locals, and only the step after a block (index a multiple of 8) loads its vector.
  (global $seededCount (mut i32) (i32.const 0))
  (func $seededFound (param $u i64) (param $w i64) (param $cap i32)
    (local $o i32)
    (if (i32.lt_u (global.get $seededCount) (local.get $cap))
      (then
        (local.set $o (i32.add (i32.const 33328) (i32.shl (global.get $seededCount) (i32.const 4))))
        (i64.store (local.get $o) (i64.xor (local.get $u) (i64.shr_u (local.get $u) (i64.const 33))))
        (i64.store offset=8 (local.get $o) (i64.xor (local.get $w) (i64.shr_u (local.get $w) (i64.const 33))))))
    (global.set $seededCount (i32.add (global.get $seededCount) (i32.const 1))))
  ;; v ^= v >> 33 on the (state0, state1) at byte o
  (func $seededFold (param $o i32)
    (local $v i64)
    (local.set $v (i64.load (local.get $o)))
    (i64.store (local.get $o) (i64.xor (local.get $v) (i64.shr_u (local.get $v) (i64.const 33))))
    (local.set $v (i64.load offset=8 (local.get $o)))
    (i64.store offset=8 (local.get $o) (i64.xor (local.get $v) (i64.shr_u (local.get $v) (i64.const 33)))))
  (func $v8SeededScan (export "v8SeededScan") (param $d i32) (param $cap i32) (result i32)
    (local $u i64) (local $w i64) (local $h i64) (local $g i32) (local $end i32) (local $o i32)
    (local $bu0 i64) (local $bw0 i64) (local $bu1 i64) (local $bw1 i64) (local $bu2 i64) (local $bw2 i64)
    (global.set $seededCount (i32.const 0))
    ;; base and basis to (u, w)
    (local.set $o (i32.const 32800))
    (local.set $end (i32.add (i32.const 32816) (i32.shl (local.get $d) (i32.const 4))))
    (loop $fold
      (call $seededFold (local.get $o))
      (local.set $o (i32.add (local.get $o) (i32.const 16)))
      (br_if $fold (i32.lt_u (local.get $o) (local.get $end))))
    (local.set $u (i64.load (i32.const 32800)))
    (local.set $w (i64.load (i32.const 32808)))
    (if (i32.lt_u (local.get $d) (i32.const 3))
      (then
        ;; fewer than 8 states: one at a time
        (local.set $end (i32.shl (i32.const 1) (local.get $d)))
        (local.set $g (i32.const 1))
        (block $small
          (loop $one
            (local.set $h (i64.mul (local.get $u) (i64.const 0x9cb4b2f8129337db)))
            (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
            (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
            (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
            (if (i64.eq (local.get $h) (local.get $w)) (then (call $seededFound (local.get $u) (local.get $w) (local.get $cap))))
            (br_if $small (i32.eq (local.get $g) (local.get $end)))
            (local.set $o (i32.add (i32.const 32816) (i32.shl (i32.ctz (local.get $g)) (i32.const 4))))
            (local.set $u (i64.xor (local.get $u) (i64.load (local.get $o))))
            (local.set $w (i64.xor (local.get $w) (i64.load offset=8 (local.get $o))))
            (local.set $g (i32.add (local.get $g) (i32.const 1)))
            (br $one)))
        (return (global.get $seededCount))))
    (local.set $bu0 (i64.load (i32.const 32816)))
    (local.set $bw0 (i64.load (i32.const 32824)))
    (local.set $bu1 (i64.load (i32.const 32832)))
    (local.set $bw1 (i64.load (i32.const 32840)))
    (local.set $bu2 (i64.load (i32.const 32848)))
    (local.set $bw2 (i64.load (i32.const 32856)))
    (local.set $end (i32.shl (i32.const 1) (local.get $d)))
    (local.set $g (i32.const 8))
    (block $done
      (loop $block
        (local.set $h (i64.mul (local.get $u) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (if (i64.eq (local.get $h) (local.get $w)) (then (call $seededFound (local.get $u) (local.get $w) (local.get $cap))))
        (local.set $u (i64.xor (local.get $u) (local.get $bu0)))
        (local.set $w (i64.xor (local.get $w) (local.get $bw0)))
        (local.set $h (i64.mul (local.get $u) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (if (i64.eq (local.get $h) (local.get $w)) (then (call $seededFound (local.get $u) (local.get $w) (local.get $cap))))
        (local.set $u (i64.xor (local.get $u) (local.get $bu1)))
        (local.set $w (i64.xor (local.get $w) (local.get $bw1)))
        (local.set $h (i64.mul (local.get $u) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (if (i64.eq (local.get $h) (local.get $w)) (then (call $seededFound (local.get $u) (local.get $w) (local.get $cap))))
        (local.set $u (i64.xor (local.get $u) (local.get $bu0)))
        (local.set $w (i64.xor (local.get $w) (local.get $bw0)))
        (local.set $h (i64.mul (local.get $u) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (if (i64.eq (local.get $h) (local.get $w)) (then (call $seededFound (local.get $u) (local.get $w) (local.get $cap))))
        (local.set $u (i64.xor (local.get $u) (local.get $bu2)))
        (local.set $w (i64.xor (local.get $w) (local.get $bw2)))
        (local.set $h (i64.mul (local.get $u) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (if (i64.eq (local.get $h) (local.get $w)) (then (call $seededFound (local.get $u) (local.get $w) (local.get $cap))))
        (local.set $u (i64.xor (local.get $u) (local.get $bu0)))
        (local.set $w (i64.xor (local.get $w) (local.get $bw0)))
        (local.set $h (i64.mul (local.get $u) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (if (i64.eq (local.get $h) (local.get $w)) (then (call $seededFound (local.get $u) (local.get $w) (local.get $cap))))
        (local.set $u (i64.xor (local.get $u) (local.get $bu1)))
        (local.set $w (i64.xor (local.get $w) (local.get $bw1)))
        (local.set $h (i64.mul (local.get $u) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (if (i64.eq (local.get $h) (local.get $w)) (then (call $seededFound (local.get $u) (local.get $w) (local.get $cap))))
        (local.set $u (i64.xor (local.get $u) (local.get $bu0)))
        (local.set $w (i64.xor (local.get $w) (local.get $bw0)))
        (local.set $h (i64.mul (local.get $u) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (if (i64.eq (local.get $h) (local.get $w)) (then (call $seededFound (local.get $u) (local.get $w) (local.get $cap))))
        (br_if $done (i32.eq (local.get $g) (local.get $end)))
        (local.set $o (i32.add (i32.const 32816) (i32.shl (i32.ctz (local.get $g)) (i32.const 4))))
        (local.set $u (i64.xor (local.get $u) (i64.load (local.get $o))))
        (local.set $w (i64.xor (local.get $w) (i64.load offset=8 (local.get $o))))
        (local.set $g (i32.add (local.get $g) (i32.const 8)))
        (br $block)))
    (global.get $seededCount))
)
