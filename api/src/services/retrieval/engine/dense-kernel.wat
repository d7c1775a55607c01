;; The dense leg's inner loop in WebAssembly SIMD (see dense-kernel.ts, which copies the rows in and reads the sums out).
;; Memory layout, fixed:
;;   [0, 524288)       ROWS: up to 128 rows of 4096 int8 codes, row k (the query's k-th dimension) at k * 4096
;;   [524288, 524800)  WEIGHTS: the rows' query weights, one i32 each
;;   [524800, 541184)  SUMS: 4096 i32 running sums, one per chunk slot of the page
;; accumulate(ndims, count) adds, for each slot below count (rounded up to 16), the sum over the first ndims rows of
;; weight * code into SUMS, 16 slots at a time: the codes widen to i32 and multiply in i32, so every sum is the same
;; integer the scalar loop computes (queryWeights keeps each total inside i32).
(module
  (memory (export "memory") 10)
  (func (export "accumulate") (param $ndims i32) (param $count i32)
    (local $block i32) (local $k i32) (local $sums i32)
    (local $weight v128) (local $codes v128) (local $half v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (block $blocks_done
      (loop $blocks
        (br_if $blocks_done (i32.ge_u (local.get $block) (local.get $count)))
        ;; The 16 slots' running sums stay in four registers while every row is added.
        (local.set $sums (i32.add (i32.const 524800) (i32.shl (local.get $block) (i32.const 2))))
        (local.set $a0 (v128.load offset=0 (local.get $sums)))
        (local.set $a1 (v128.load offset=16 (local.get $sums)))
        (local.set $a2 (v128.load offset=32 (local.get $sums)))
        (local.set $a3 (v128.load offset=48 (local.get $sums)))
        (local.set $k (i32.const 0))
        (block $rows_done
          (loop $rows
            (br_if $rows_done (i32.ge_u (local.get $k) (local.get $ndims)))
            (local.set $weight
              (i32x4.splat (i32.load offset=524288 (i32.shl (local.get $k) (i32.const 2)))))
            (local.set $codes
              (v128.load (i32.add (i32.shl (local.get $k) (i32.const 12)) (local.get $block))))
            (local.set $half (i16x8.extend_low_i8x16_s (local.get $codes)))
            (local.set $a0 (i32x4.add (local.get $a0)
              (i32x4.mul (i32x4.extend_low_i16x8_s (local.get $half)) (local.get $weight))))
            (local.set $a1 (i32x4.add (local.get $a1)
              (i32x4.mul (i32x4.extend_high_i16x8_s (local.get $half)) (local.get $weight))))
            (local.set $half (i16x8.extend_high_i8x16_s (local.get $codes)))
            (local.set $a2 (i32x4.add (local.get $a2)
              (i32x4.mul (i32x4.extend_low_i16x8_s (local.get $half)) (local.get $weight))))
            (local.set $a3 (i32x4.add (local.get $a3)
              (i32x4.mul (i32x4.extend_high_i16x8_s (local.get $half)) (local.get $weight))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $rows)))
        (v128.store offset=0 (local.get $sums) (local.get $a0))
        (v128.store offset=16 (local.get $sums) (local.get $a1))
        (v128.store offset=32 (local.get $sums) (local.get $a2))
        (v128.store offset=48 (local.get $sums) (local.get $a3))
        (local.set $block (i32.add (local.get $block) (i32.const 16)))
        (br $blocks)))))
