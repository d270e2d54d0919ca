;; JavaScriptCore's mid-stream seed search (jsc-seed.ts, searchJscSeedWithin) in WebAssembly: the
;; elimination at each call index (1,024 of them), whose 64-bit row tags JavaScript keeps in two
;; halves. JavaScript writes the rows and reads each row's shares back; its own elimination stays
;; the reference and the path where WebAssembly is missing.
;;
;; Memory (bytes):
;;   [0, 256)          ROWS: the observed bits as seed masks (i32; 3 · low ≤ 64 of them)
;;   [256, 768)        TAGS: per row the rows it combines (i64), during the elimination
;;   [768, 1024)       SEEDOF, [1024, 1280) CHECKOF: per row its share of the seed and of the checks (i32)
(module
  (memory (export "memory") 1)
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
      ;; clear bit p from every other row
      (local.set $q (i32.const 0))
      (loop $clear
        (if (i32.and (i32.ne (local.get $q) (local.get $p))
              (i32.and (i32.shr_u (i32.load offset=0 (i32.shl (local.get $q) (i32.const 2))) (local.get $p)) (i32.const 1)))
          (then
            (i32.store offset=0 (i32.shl (local.get $q) (i32.const 2))
              (i32.xor (i32.load offset=0 (i32.shl (local.get $q) (i32.const 2))) (local.get $rowP)))
            (i64.store offset=256 (i32.shl (local.get $q) (i32.const 3))
              (i64.xor (i64.load offset=256 (i32.shl (local.get $q) (i32.const 3))) (local.get $tagP)))))
        (local.set $q (i32.add (local.get $q) (i32.const 1)))
        (br_if $clear (i32.lt_u (local.get $q) (local.get $n))))
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
)
