;; core's seeded-state scan (murmur.ts v8SeededInSpace) with WebAssembly SIMD: the scalar scan of
;; kernels.wat (v8SeededScan) is bound by the 64-bit multiplier (four multiplications a state, about
;; 1.45 ns); here each block of 16 states puts 8 through it and 8 through i64x2 multiplications
;; (two states a vector, in the vector unit), interleaved: about 1.1 ns a state (2026-12-06). A
;; separate module, so that a host without SIMD keeps kernels.wat; assembled by build.mjs into
;; ../src/seeded-simd-wasm.ts.
;;
;; The check is kernels.wat's, folded the same way: u = state0 ^ state0 >> 33 and w = state1 ^
;; state1 >> 33 are tracked, and a state starts a V8 context when
;;   ((((u · C2⁻¹) ^ >> 33) · C1⁻¹) ^ 0xFFFFFFFF80000000) · C1, ^ >> 33, · C2  =  w.
;; A block is the states x ⊕ span(basis 0 … 3) (the Gray-code order's 16 states from index 16k);
;; its 16 verdicts are ORed, and a block with a hit is walked again state by state in Gray-code
;; order ($ordered), so the states found and their order are the scalar scan's. The scan runs in
;; calls of at most `blocks` blocks, its place in memory between them: V8 compiles a long-running
;; wasm function with its baseline compiler first and swaps in the optimised code only at a call,
;; so one call over 2^24 states would run its first search at baseline speed throughout.
;;
;; Memory (one 64 KiB page; bytes):
;;   [0, 16)       U, W: the state at index G (folded, after seededFold)
;;   [16, 528)     BASIS: up to 32 vectors (state0, state1), folded in place by seededFold
;;   528 COUNT (i32: states found in all)   532 G (i32: the index of the next block's first state)
;;   [544, 800)    DU: for each m < 16 the XOR of the folded basis vectors i in m (u, w)
;;   [1024, 2048)  FOUND: up to 64 states (state0, state1), unfolded
(module
  (memory (export "memory") 1)
  ;; v ^= v >> 33 on the two words at byte o
  (func $fold (param $o i32)
    (local $v i64)
    (local.set $v (i64.load (local.get $o)))
    (i64.store (local.get $o) (i64.xor (local.get $v) (i64.shr_u (local.get $v) (i64.const 33))))
    (local.set $v (i64.load offset=8 (local.get $o)))
    (i64.store offset=8 (local.get $o) (i64.xor (local.get $v) (i64.shr_u (local.get $v) (i64.const 33)))))
  ;; The base (at U) and d ≥ 4 basis vectors folded, DU filled, COUNT and G zeroed.
  (func $seededFold (export "seededFold") (param $d i32)
    (local $o i32) (local $m i32) (local $i i32) (local $du i64) (local $dw i64)
    (local.set $o (i32.const 0))
    (loop $each
      (call $fold (local.get $o))
      (local.set $o (i32.add (local.get $o) (i32.const 16)))
      (br_if $each (i32.le_u (local.get $o) (i32.shl (local.get $d) (i32.const 4)))))
    (loop $mask
      (local.set $du (i64.const 0))
      (local.set $dw (i64.const 0))
      (local.set $i (i32.const 0))
      (loop $bit
        (if (i32.and (i32.shr_u (local.get $m) (local.get $i)) (i32.const 1))
          (then
            (local.set $du (i64.xor (local.get $du) (i64.load offset=16 (i32.shl (local.get $i) (i32.const 4)))))
            (local.set $dw (i64.xor (local.get $dw) (i64.load offset=24 (i32.shl (local.get $i) (i32.const 4)))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br_if $bit (i32.lt_u (local.get $i) (i32.const 4))))
      (i64.store offset=544 (i32.shl (local.get $m) (i32.const 4)) (local.get $du))
      (i64.store offset=552 (i32.shl (local.get $m) (i32.const 4)) (local.get $dw))
      (local.set $m (i32.add (local.get $m) (i32.const 1)))
      (br_if $mask (i32.lt_u (local.get $m) (i32.const 16))))
    (i32.store (i32.const 528) (i32.const 0))
    (i32.store (i32.const 532) (i32.const 0)))
  ;; COUNT and G zeroed: a new scan of the space whose basis and DU seededFold prepared, from the
  ;; state JavaScript wrote at U already folded (a pair's cosets share one basis).
  (func $seededRestart (export "seededRestart")
    (i32.store (i32.const 528) (i32.const 0))
    (i32.store (i32.const 532) (i32.const 0)))
  ;; A passing state (u, w) to FOUND (the first cap of them, unfolded) and counted.
  (func $found (param $u i64) (param $w i64) (param $cap i32)
    (local $n i32) (local $o i32)
    (local.set $n (i32.load (i32.const 528)))
    (if (i32.lt_u (local.get $n) (local.get $cap))
      (then
        (local.set $o (i32.add (i32.const 1024) (i32.shl (local.get $n) (i32.const 4))))
        (i64.store (local.get $o) (i64.xor (local.get $u) (i64.shr_u (local.get $u) (i64.const 33))))
        (i64.store offset=8 (local.get $o) (i64.xor (local.get $w) (i64.shr_u (local.get $w) (i64.const 33))))))
    (i32.store (i32.const 528) (i32.add (local.get $n) (i32.const 1))))
  ;; The block of index g from (u, w) state by state in Gray-code order, each passing state to
  ;; FOUND. The scan steps from block to block by the vector of the trailing zeros of g / 16 + 4;
  ;; the Gray walk's state at index g differs from it by basis vector 3 when g / 16 is odd (gray(g)
  ;; = g ^ g >> 1 holds bit 3 then), and from there its steps are 0, 1, 0, 2, 0, 1, 0, 3, …
  (func $ordered (param $u i64) (param $w i64) (param $g i32) (param $cap i32)
    (local $h i64) (local $i i32) (local $o i32)
    (if (i32.and (local.get $g) (i32.const 16))
      (then
        (local.set $u (i64.xor (local.get $u) (i64.load (i32.const 64))))
        (local.set $w (i64.xor (local.get $w) (i64.load (i32.const 72))))))
    (local.set $i (i32.const 1))
    (loop $one
      (local.set $h (i64.mul (local.get $u) (i64.const 0x9cb4b2f8129337db)))
      (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
      (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
      (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
      (if (i64.eq (local.get $h) (local.get $w)) (then (call $found (local.get $u) (local.get $w) (local.get $cap))))
      (if (i32.lt_u (local.get $i) (i32.const 16))
        (then
          (local.set $o (i32.shl (i32.ctz (local.get $i)) (i32.const 4)))
          (local.set $u (i64.xor (local.get $u) (i64.load offset=16 (local.get $o))))
          (local.set $w (i64.xor (local.get $w) (i64.load offset=24 (local.get $o))))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $one)))))
  ;; At most `blocks` blocks from index G, up to index `end` (2^d); returns COUNT. The state moves
  ;; to the next block's first by the basis vector of the trailing zeros of its index.
  (func $seededScan (export "seededScan") (param $blocks i32) (param $end i32) (param $cap i32) (result i32)
    (local $u i64) (local $w i64) (local $h i64) (local $g i32) (local $stop i32) (local $o i32) (local $hit i32)
    (local $su v128) (local $sw v128) (local $vh v128)
    (local $du1 i64) (local $dw1 i64) (local $du2 i64) (local $dw2 i64) (local $du3 i64) (local $dw3 i64) (local $du4 i64) (local $dw4 i64) (local $du5 i64) (local $dw5 i64) (local $du6 i64) (local $dw6 i64) (local $du7 i64) (local $dw7 i64)
    (local $vu0 v128) (local $vw0 v128) (local $vu1 v128) (local $vw1 v128) (local $vu2 v128) (local $vw2 v128) (local $vu3 v128) (local $vw3 v128)
    (local.set $u (i64.load (i32.const 0)))
    (local.set $w (i64.load (i32.const 8)))
    (local.set $g (i32.load (i32.const 532)))
    (local.set $du1 (i64.load offset=560 (i32.const 0)))
    (local.set $dw1 (i64.load offset=568 (i32.const 0)))
    (local.set $du2 (i64.load offset=576 (i32.const 0)))
    (local.set $dw2 (i64.load offset=584 (i32.const 0)))
    (local.set $du3 (i64.load offset=592 (i32.const 0)))
    (local.set $dw3 (i64.load offset=600 (i32.const 0)))
    (local.set $du4 (i64.load offset=608 (i32.const 0)))
    (local.set $dw4 (i64.load offset=616 (i32.const 0)))
    (local.set $du5 (i64.load offset=624 (i32.const 0)))
    (local.set $dw5 (i64.load offset=632 (i32.const 0)))
    (local.set $du6 (i64.load offset=640 (i32.const 0)))
    (local.set $dw6 (i64.load offset=648 (i32.const 0)))
    (local.set $du7 (i64.load offset=656 (i32.const 0)))
    (local.set $dw7 (i64.load offset=664 (i32.const 0)))
    (local.set $vu0 (i64x2.replace_lane 1 (i64x2.splat (i64.load offset=672 (i32.const 0))) (i64.load offset=688 (i32.const 0))))
    (local.set $vw0 (i64x2.replace_lane 1 (i64x2.splat (i64.load offset=680 (i32.const 0))) (i64.load offset=696 (i32.const 0))))
    (local.set $vu1 (i64x2.replace_lane 1 (i64x2.splat (i64.load offset=704 (i32.const 0))) (i64.load offset=720 (i32.const 0))))
    (local.set $vw1 (i64x2.replace_lane 1 (i64x2.splat (i64.load offset=712 (i32.const 0))) (i64.load offset=728 (i32.const 0))))
    (local.set $vu2 (i64x2.replace_lane 1 (i64x2.splat (i64.load offset=736 (i32.const 0))) (i64.load offset=752 (i32.const 0))))
    (local.set $vw2 (i64x2.replace_lane 1 (i64x2.splat (i64.load offset=744 (i32.const 0))) (i64.load offset=760 (i32.const 0))))
    (local.set $vu3 (i64x2.replace_lane 1 (i64x2.splat (i64.load offset=768 (i32.const 0))) (i64.load offset=784 (i32.const 0))))
    (local.set $vw3 (i64x2.replace_lane 1 (i64x2.splat (i64.load offset=776 (i32.const 0))) (i64.load offset=792 (i32.const 0))))
    (local.set $stop (i32.add (local.get $g) (i32.shl (local.get $blocks) (i32.const 4))))
    (if (i32.gt_u (local.get $stop) (local.get $end)) (then (local.set $stop (local.get $end))))
    (block $done
      (br_if $done (i32.ge_u (local.get $g) (local.get $stop)))
      (loop $block
        (local.set $hit (i32.const 0))
        (local.set $su (i64x2.splat (local.get $u)))
        (local.set $sw (i64x2.splat (local.get $w)))
        ;; state 0
        (local.set $h (i64.mul (local.get $u) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (local.set $hit (i32.or (local.get $hit) (i64.eq (local.get $h) (local.get $w))))
        ;; states 8, 9
        (local.set $vh (i64x2.mul (v128.xor (local.get $su) (local.get $vu0)) (v128.const i64x2 0x9cb4b2f8129337db 0x9cb4b2f8129337db)))
        (local.set $vh (i64x2.mul (v128.xor (local.get $vh) (i64x2.shr_u (local.get $vh) (i32.const 33))) (v128.const i64x2 0x4f74430c22a54005 0x4f74430c22a54005)))
        (local.set $vh (i64x2.mul (v128.xor (local.get $vh) (v128.const i64x2 0xffffffff80000000 0xffffffff80000000)) (v128.const i64x2 0xff51afd7ed558ccd 0xff51afd7ed558ccd)))
        (local.set $vh (i64x2.mul (v128.xor (local.get $vh) (i64x2.shr_u (local.get $vh) (i32.const 33))) (v128.const i64x2 0xc4ceb9fe1a85ec53 0xc4ceb9fe1a85ec53)))
        (local.set $hit (i32.or (local.get $hit) (v128.any_true (i64x2.eq (local.get $vh) (v128.xor (local.get $sw) (local.get $vw0))))))
        ;; state 1
        (local.set $h (i64.mul (i64.xor (local.get $u) (local.get $du1)) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (local.set $hit (i32.or (local.get $hit) (i64.eq (local.get $h) (i64.xor (local.get $w) (local.get $dw1)))))
        ;; state 2
        (local.set $h (i64.mul (i64.xor (local.get $u) (local.get $du2)) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (local.set $hit (i32.or (local.get $hit) (i64.eq (local.get $h) (i64.xor (local.get $w) (local.get $dw2)))))
        ;; states 10, 11
        (local.set $vh (i64x2.mul (v128.xor (local.get $su) (local.get $vu1)) (v128.const i64x2 0x9cb4b2f8129337db 0x9cb4b2f8129337db)))
        (local.set $vh (i64x2.mul (v128.xor (local.get $vh) (i64x2.shr_u (local.get $vh) (i32.const 33))) (v128.const i64x2 0x4f74430c22a54005 0x4f74430c22a54005)))
        (local.set $vh (i64x2.mul (v128.xor (local.get $vh) (v128.const i64x2 0xffffffff80000000 0xffffffff80000000)) (v128.const i64x2 0xff51afd7ed558ccd 0xff51afd7ed558ccd)))
        (local.set $vh (i64x2.mul (v128.xor (local.get $vh) (i64x2.shr_u (local.get $vh) (i32.const 33))) (v128.const i64x2 0xc4ceb9fe1a85ec53 0xc4ceb9fe1a85ec53)))
        (local.set $hit (i32.or (local.get $hit) (v128.any_true (i64x2.eq (local.get $vh) (v128.xor (local.get $sw) (local.get $vw1))))))
        ;; state 3
        (local.set $h (i64.mul (i64.xor (local.get $u) (local.get $du3)) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (local.set $hit (i32.or (local.get $hit) (i64.eq (local.get $h) (i64.xor (local.get $w) (local.get $dw3)))))
        ;; state 4
        (local.set $h (i64.mul (i64.xor (local.get $u) (local.get $du4)) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (local.set $hit (i32.or (local.get $hit) (i64.eq (local.get $h) (i64.xor (local.get $w) (local.get $dw4)))))
        ;; states 12, 13
        (local.set $vh (i64x2.mul (v128.xor (local.get $su) (local.get $vu2)) (v128.const i64x2 0x9cb4b2f8129337db 0x9cb4b2f8129337db)))
        (local.set $vh (i64x2.mul (v128.xor (local.get $vh) (i64x2.shr_u (local.get $vh) (i32.const 33))) (v128.const i64x2 0x4f74430c22a54005 0x4f74430c22a54005)))
        (local.set $vh (i64x2.mul (v128.xor (local.get $vh) (v128.const i64x2 0xffffffff80000000 0xffffffff80000000)) (v128.const i64x2 0xff51afd7ed558ccd 0xff51afd7ed558ccd)))
        (local.set $vh (i64x2.mul (v128.xor (local.get $vh) (i64x2.shr_u (local.get $vh) (i32.const 33))) (v128.const i64x2 0xc4ceb9fe1a85ec53 0xc4ceb9fe1a85ec53)))
        (local.set $hit (i32.or (local.get $hit) (v128.any_true (i64x2.eq (local.get $vh) (v128.xor (local.get $sw) (local.get $vw2))))))
        ;; state 5
        (local.set $h (i64.mul (i64.xor (local.get $u) (local.get $du5)) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (local.set $hit (i32.or (local.get $hit) (i64.eq (local.get $h) (i64.xor (local.get $w) (local.get $dw5)))))
        ;; state 6
        (local.set $h (i64.mul (i64.xor (local.get $u) (local.get $du6)) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (local.set $hit (i32.or (local.get $hit) (i64.eq (local.get $h) (i64.xor (local.get $w) (local.get $dw6)))))
        ;; states 14, 15
        (local.set $vh (i64x2.mul (v128.xor (local.get $su) (local.get $vu3)) (v128.const i64x2 0x9cb4b2f8129337db 0x9cb4b2f8129337db)))
        (local.set $vh (i64x2.mul (v128.xor (local.get $vh) (i64x2.shr_u (local.get $vh) (i32.const 33))) (v128.const i64x2 0x4f74430c22a54005 0x4f74430c22a54005)))
        (local.set $vh (i64x2.mul (v128.xor (local.get $vh) (v128.const i64x2 0xffffffff80000000 0xffffffff80000000)) (v128.const i64x2 0xff51afd7ed558ccd 0xff51afd7ed558ccd)))
        (local.set $vh (i64x2.mul (v128.xor (local.get $vh) (i64x2.shr_u (local.get $vh) (i32.const 33))) (v128.const i64x2 0xc4ceb9fe1a85ec53 0xc4ceb9fe1a85ec53)))
        (local.set $hit (i32.or (local.get $hit) (v128.any_true (i64x2.eq (local.get $vh) (v128.xor (local.get $sw) (local.get $vw3))))))
        ;; state 7
        (local.set $h (i64.mul (i64.xor (local.get $u) (local.get $du7)) (i64.const 0x9cb4b2f8129337db)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0x4f74430c22a54005)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0xffffffff80000000)) (i64.const 0xff51afd7ed558ccd)))
        (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
        (local.set $hit (i32.or (local.get $hit) (i64.eq (local.get $h) (i64.xor (local.get $w) (local.get $dw7)))))
        (if (local.get $hit) (then (call $ordered (local.get $u) (local.get $w) (local.get $g) (local.get $cap))))
        (local.set $g (i32.add (local.get $g) (i32.const 16)))
        (br_if $done (i32.eq (local.get $g) (local.get $end)))
        (local.set $o (i32.shl (i32.ctz (local.get $g)) (i32.const 4)))
        (local.set $u (i64.xor (local.get $u) (i64.load offset=16 (local.get $o))))
        (local.set $w (i64.xor (local.get $w) (i64.load offset=24 (local.get $o))))
        (br_if $block (i32.lt_u (local.get $g) (local.get $stop)))))
    (i64.store (i32.const 0) (local.get $u))
    (i64.store (i32.const 8) (local.get $w))
    (i32.store (i32.const 532) (local.get $g))
    (i32.load (i32.const 528)))
)
