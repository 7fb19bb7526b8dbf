// Every scalar arith op at every width as the pto2-cpp target prints it, with MLIR's semantics
// (docs/targets/pto2-cpp.md#scalar-arithmetic; the values are checked against mlir-opt by
// tests/test_arith_differential.py). One function per group, each its own file:
// - @arith_i1 ... @arith_index: the 20 integer binary ops and the 10 cmpi predicates on two
//   parameters of the width, and the division helpers each file defines. i1 is signed (true is
//   -1): add/sub are !=, mul is &&, the signed predicates and min/max turn round, a shift by
//   true is poison (`a && !b`), divisions are constants or their operand. i8/i16 add/sub/mul
//   compute in int and convert back; i32/i64/index wrap through the unsigned type. Shift
//   amounts are masked to the width.
// - @arith_floats: f32/f64 arithmetic, negf, the NaN-aware min/max helpers, all 16 cmpf
//   predicates (an unordered one as the negated ordered opposite); the fp-contract pragma (a
//   file with a mulf).
// - @arith_casts: ext/trunc/index_cast (i1 sign-extends to -1, truncation to i1 keeps bit 0),
//   uitofp/extui through the unsigned source type, the fptosi/fptoui helpers, bitcast.
// - @arith_constants: literals of every type (the i32/i64 minimum as (-MAX - 1), FLT_MAX as
//   mlir-opt prints it, the ulp below it, denormals, -0.0, infinities, NaN payloads); the
//   issue's constant expressions ((1 << 40) / 1048576, 100000 * 100000, (3 << 31) >> 20,
//   (100 + 100) / 3 on i8), a wrap-around chain (%off2 stays unsigned), a shift by 70 masked,
//   a self-comparison and ones the type's range decides (their value), comparisons with an
//   expression of literals (%0, %ct: printed as a variable, which g++ does not fold) and a
//   bitwise one that is always false (%masked, likewise).
// RUN: pypto-opt -t pto2-cpp --cpp-listing %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @k_i1_ops1 aiv (out tensor<4xf32>, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1) -> tensor<4xf32>
pto_orch.kernel @k_i1_ops2 aiv (out tensor<4xf32>, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1) -> tensor<4xf32>
pto_orch.kernel @k_i1_cmp aiv (out tensor<4xf32>, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1) -> tensor<4xf32>
pto_orch.kernel @k_i8_ops1 aiv (out tensor<4xf32>, in i8, in i8, in i8, in i8, in i8, in i8, in i8, in i8, in i8, in i8) -> tensor<4xf32>
pto_orch.kernel @k_i8_ops2 aiv (out tensor<4xf32>, in i8, in i8, in i8, in i8, in i8, in i8, in i8, in i8, in i8, in i8) -> tensor<4xf32>
pto_orch.kernel @k_i8_cmp aiv (out tensor<4xf32>, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1) -> tensor<4xf32>
pto_orch.kernel @k_i16_ops1 aiv (out tensor<4xf32>, in i16, in i16, in i16, in i16, in i16, in i16, in i16, in i16, in i16, in i16) -> tensor<4xf32>
pto_orch.kernel @k_i16_ops2 aiv (out tensor<4xf32>, in i16, in i16, in i16, in i16, in i16, in i16, in i16, in i16, in i16, in i16) -> tensor<4xf32>
pto_orch.kernel @k_i16_cmp aiv (out tensor<4xf32>, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1) -> tensor<4xf32>
pto_orch.kernel @k_i32_ops1 aiv (out tensor<4xf32>, in i32, in i32, in i32, in i32, in i32, in i32, in i32, in i32, in i32, in i32) -> tensor<4xf32>
pto_orch.kernel @k_i32_ops2 aiv (out tensor<4xf32>, in i32, in i32, in i32, in i32, in i32, in i32, in i32, in i32, in i32, in i32) -> tensor<4xf32>
pto_orch.kernel @k_i32_cmp aiv (out tensor<4xf32>, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1) -> tensor<4xf32>
pto_orch.kernel @k_i64_ops1 aiv (out tensor<4xf32>, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64) -> tensor<4xf32>
pto_orch.kernel @k_i64_ops2 aiv (out tensor<4xf32>, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64, in i64) -> tensor<4xf32>
pto_orch.kernel @k_i64_cmp aiv (out tensor<4xf32>, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1) -> tensor<4xf32>
pto_orch.kernel @k_index_ops1 aiv (out tensor<4xf32>, in index, in index, in index, in index, in index, in index, in index, in index, in index, in index) -> tensor<4xf32>
pto_orch.kernel @k_index_ops2 aiv (out tensor<4xf32>, in index, in index, in index, in index, in index, in index, in index, in index, in index, in index) -> tensor<4xf32>
pto_orch.kernel @k_index_cmp aiv (out tensor<4xf32>, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1) -> tensor<4xf32>
pto_orch.kernel @k_f32 aiv (out tensor<4xf32>, in f32, in f32, in f32, in f32, in f32, in f32, in f32, in f32, in f32) -> tensor<4xf32>
pto_orch.kernel @k_f64 aiv (out tensor<4xf32>, in f64, in f64, in f64, in f64, in f64, in f64, in f64, in f64, in f64) -> tensor<4xf32>
pto_orch.kernel @k_cmpf aiv (out tensor<4xf32>, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1) -> tensor<4xf32>
pto_orch.kernel @k_ints aiv (out tensor<4xf32>, in i8, in i32, in i64, in i32, in i64, in i1, in i8, in i16, in i32, in i1, in index, in index, in index) -> tensor<4xf32>
pto_orch.kernel @k_fp aiv (out tensor<4xf32>, in f32, in f32, in f64, in f64, in f32, in f64, in f64, in f32, in i32, in i64, in f32, in f32, in f64, in i64) -> tensor<4xf32>
pto_orch.kernel @k_fpi aiv (out tensor<4xf32>, in i32, in i64, in i1, in i8, in i8, in i64, in i1, in i16) -> tensor<4xf32>
pto_orch.kernel @k_c aiv (out tensor<4xf32>, in i1, in i1, in i8, in i16, in i32, in i64, in i64, in index, in i32, in i64) -> tensor<4xf32>
pto_orch.kernel @k_f aiv (out tensor<4xf32>, in f32, in f32, in f32, in f32, in f32, in f32, in f32, in f32, in f32, in f32, in f32, in f32, in f64, in f64, in f64, in f64) -> tensor<4xf32>
pto_orch.kernel @k_e aiv (out tensor<4xf32>, in index, in index, in index, in i64, in i8, in i32, in index, in index, in i1, in i1, in i16, in index, in f32, in index, in i32, in i1) -> tensor<4xf32>
pto_orch.kernel @k_g aiv (out tensor<4xf32>, in i1, in i8, in f32, in f64, in i1) -> tensor<4xf32>

func.func @arith_i1(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %a: i1, %b: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %addi = arith.addi %a, %b : i1
    %subi = arith.subi %a, %b : i1
    %muli = arith.muli %a, %b : i1
    %divsi = arith.divsi %a, %b : i1
    %divui = arith.divui %a, %b : i1
    %remsi = arith.remsi %a, %b : i1
    %remui = arith.remui %a, %b : i1
    %ceildivsi = arith.ceildivsi %a, %b : i1
    %ceildivui = arith.ceildivui %a, %b : i1
    %floordivsi = arith.floordivsi %a, %b : i1
    %andi = arith.andi %a, %b : i1
    %ori = arith.ori %a, %b : i1
    %xori = arith.xori %a, %b : i1
    %shli = arith.shli %a, %b : i1
    %shrsi = arith.shrsi %a, %b : i1
    %shrui = arith.shrui %a, %b : i1
    %maxsi = arith.maxsi %a, %b : i1
    %minsi = arith.minsi %a, %b : i1
    %maxui = arith.maxui %a, %b : i1
    %minui = arith.minui %a, %b : i1
    %o_ = pto_orch.call @k_i1_ops1(out %o, scalar %addi, scalar %subi, scalar %muli, scalar %divsi, scalar %divui, scalar %remsi, scalar %remui, scalar %ceildivsi, scalar %ceildivui, scalar %floordivsi) : (tensor<4xf32>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> tensor<4xf32>
    %o__ = pto_orch.call @k_i1_ops2(out %o_, scalar %andi, scalar %ori, scalar %xori, scalar %shli, scalar %shrsi, scalar %shrui, scalar %maxsi, scalar %minsi, scalar %maxui, scalar %minui) : (tensor<4xf32>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> tensor<4xf32>
    %eq = arith.cmpi eq, %a, %b : i1
    %ne = arith.cmpi ne, %a, %b : i1
    %slt = arith.cmpi slt, %a, %b : i1
    %sle = arith.cmpi sle, %a, %b : i1
    %sgt = arith.cmpi sgt, %a, %b : i1
    %sge = arith.cmpi sge, %a, %b : i1
    %ult = arith.cmpi ult, %a, %b : i1
    %ule = arith.cmpi ule, %a, %b : i1
    %ugt = arith.cmpi ugt, %a, %b : i1
    %uge = arith.cmpi uge, %a, %b : i1
    %o___ = pto_orch.call @k_i1_cmp(out %o__, scalar %eq, scalar %ne, scalar %slt, scalar %sle, scalar %sgt, scalar %sge, scalar %ult, scalar %ule, scalar %ugt, scalar %uge) : (tensor<4xf32>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> tensor<4xf32>
  }
  func.return
}

func.func @arith_i8(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %a: i8, %b: i8) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %addi = arith.addi %a, %b : i8
    %subi = arith.subi %a, %b : i8
    %muli = arith.muli %a, %b : i8
    %divsi = arith.divsi %a, %b : i8
    %divui = arith.divui %a, %b : i8
    %remsi = arith.remsi %a, %b : i8
    %remui = arith.remui %a, %b : i8
    %ceildivsi = arith.ceildivsi %a, %b : i8
    %ceildivui = arith.ceildivui %a, %b : i8
    %floordivsi = arith.floordivsi %a, %b : i8
    %andi = arith.andi %a, %b : i8
    %ori = arith.ori %a, %b : i8
    %xori = arith.xori %a, %b : i8
    %shli = arith.shli %a, %b : i8
    %shrsi = arith.shrsi %a, %b : i8
    %shrui = arith.shrui %a, %b : i8
    %maxsi = arith.maxsi %a, %b : i8
    %minsi = arith.minsi %a, %b : i8
    %maxui = arith.maxui %a, %b : i8
    %minui = arith.minui %a, %b : i8
    %o_ = pto_orch.call @k_i8_ops1(out %o, scalar %addi, scalar %subi, scalar %muli, scalar %divsi, scalar %divui, scalar %remsi, scalar %remui, scalar %ceildivsi, scalar %ceildivui, scalar %floordivsi) : (tensor<4xf32>, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8) -> tensor<4xf32>
    %o__ = pto_orch.call @k_i8_ops2(out %o_, scalar %andi, scalar %ori, scalar %xori, scalar %shli, scalar %shrsi, scalar %shrui, scalar %maxsi, scalar %minsi, scalar %maxui, scalar %minui) : (tensor<4xf32>, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8) -> tensor<4xf32>
    %eq = arith.cmpi eq, %a, %b : i8
    %ne = arith.cmpi ne, %a, %b : i8
    %slt = arith.cmpi slt, %a, %b : i8
    %sle = arith.cmpi sle, %a, %b : i8
    %sgt = arith.cmpi sgt, %a, %b : i8
    %sge = arith.cmpi sge, %a, %b : i8
    %ult = arith.cmpi ult, %a, %b : i8
    %ule = arith.cmpi ule, %a, %b : i8
    %ugt = arith.cmpi ugt, %a, %b : i8
    %uge = arith.cmpi uge, %a, %b : i8
    %o___ = pto_orch.call @k_i8_cmp(out %o__, scalar %eq, scalar %ne, scalar %slt, scalar %sle, scalar %sgt, scalar %sge, scalar %ult, scalar %ule, scalar %ugt, scalar %uge) : (tensor<4xf32>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> tensor<4xf32>
  }
  func.return
}

func.func @arith_i16(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %a: i16, %b: i16) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %addi = arith.addi %a, %b : i16
    %subi = arith.subi %a, %b : i16
    %muli = arith.muli %a, %b : i16
    %divsi = arith.divsi %a, %b : i16
    %divui = arith.divui %a, %b : i16
    %remsi = arith.remsi %a, %b : i16
    %remui = arith.remui %a, %b : i16
    %ceildivsi = arith.ceildivsi %a, %b : i16
    %ceildivui = arith.ceildivui %a, %b : i16
    %floordivsi = arith.floordivsi %a, %b : i16
    %andi = arith.andi %a, %b : i16
    %ori = arith.ori %a, %b : i16
    %xori = arith.xori %a, %b : i16
    %shli = arith.shli %a, %b : i16
    %shrsi = arith.shrsi %a, %b : i16
    %shrui = arith.shrui %a, %b : i16
    %maxsi = arith.maxsi %a, %b : i16
    %minsi = arith.minsi %a, %b : i16
    %maxui = arith.maxui %a, %b : i16
    %minui = arith.minui %a, %b : i16
    %o_ = pto_orch.call @k_i16_ops1(out %o, scalar %addi, scalar %subi, scalar %muli, scalar %divsi, scalar %divui, scalar %remsi, scalar %remui, scalar %ceildivsi, scalar %ceildivui, scalar %floordivsi) : (tensor<4xf32>, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16) -> tensor<4xf32>
    %o__ = pto_orch.call @k_i16_ops2(out %o_, scalar %andi, scalar %ori, scalar %xori, scalar %shli, scalar %shrsi, scalar %shrui, scalar %maxsi, scalar %minsi, scalar %maxui, scalar %minui) : (tensor<4xf32>, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16) -> tensor<4xf32>
    %eq = arith.cmpi eq, %a, %b : i16
    %ne = arith.cmpi ne, %a, %b : i16
    %slt = arith.cmpi slt, %a, %b : i16
    %sle = arith.cmpi sle, %a, %b : i16
    %sgt = arith.cmpi sgt, %a, %b : i16
    %sge = arith.cmpi sge, %a, %b : i16
    %ult = arith.cmpi ult, %a, %b : i16
    %ule = arith.cmpi ule, %a, %b : i16
    %ugt = arith.cmpi ugt, %a, %b : i16
    %uge = arith.cmpi uge, %a, %b : i16
    %o___ = pto_orch.call @k_i16_cmp(out %o__, scalar %eq, scalar %ne, scalar %slt, scalar %sle, scalar %sgt, scalar %sge, scalar %ult, scalar %ule, scalar %ugt, scalar %uge) : (tensor<4xf32>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> tensor<4xf32>
  }
  func.return
}

func.func @arith_i32(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %a: i32, %b: i32) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %addi = arith.addi %a, %b : i32
    %subi = arith.subi %a, %b : i32
    %muli = arith.muli %a, %b : i32
    %divsi = arith.divsi %a, %b : i32
    %divui = arith.divui %a, %b : i32
    %remsi = arith.remsi %a, %b : i32
    %remui = arith.remui %a, %b : i32
    %ceildivsi = arith.ceildivsi %a, %b : i32
    %ceildivui = arith.ceildivui %a, %b : i32
    %floordivsi = arith.floordivsi %a, %b : i32
    %andi = arith.andi %a, %b : i32
    %ori = arith.ori %a, %b : i32
    %xori = arith.xori %a, %b : i32
    %shli = arith.shli %a, %b : i32
    %shrsi = arith.shrsi %a, %b : i32
    %shrui = arith.shrui %a, %b : i32
    %maxsi = arith.maxsi %a, %b : i32
    %minsi = arith.minsi %a, %b : i32
    %maxui = arith.maxui %a, %b : i32
    %minui = arith.minui %a, %b : i32
    %o_ = pto_orch.call @k_i32_ops1(out %o, scalar %addi, scalar %subi, scalar %muli, scalar %divsi, scalar %divui, scalar %remsi, scalar %remui, scalar %ceildivsi, scalar %ceildivui, scalar %floordivsi) : (tensor<4xf32>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> tensor<4xf32>
    %o__ = pto_orch.call @k_i32_ops2(out %o_, scalar %andi, scalar %ori, scalar %xori, scalar %shli, scalar %shrsi, scalar %shrui, scalar %maxsi, scalar %minsi, scalar %maxui, scalar %minui) : (tensor<4xf32>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> tensor<4xf32>
    %eq = arith.cmpi eq, %a, %b : i32
    %ne = arith.cmpi ne, %a, %b : i32
    %slt = arith.cmpi slt, %a, %b : i32
    %sle = arith.cmpi sle, %a, %b : i32
    %sgt = arith.cmpi sgt, %a, %b : i32
    %sge = arith.cmpi sge, %a, %b : i32
    %ult = arith.cmpi ult, %a, %b : i32
    %ule = arith.cmpi ule, %a, %b : i32
    %ugt = arith.cmpi ugt, %a, %b : i32
    %uge = arith.cmpi uge, %a, %b : i32
    %o___ = pto_orch.call @k_i32_cmp(out %o__, scalar %eq, scalar %ne, scalar %slt, scalar %sle, scalar %sgt, scalar %sge, scalar %ult, scalar %ule, scalar %ugt, scalar %uge) : (tensor<4xf32>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> tensor<4xf32>
  }
  func.return
}

func.func @arith_i64(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %a: i64, %b: i64) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %addi = arith.addi %a, %b : i64
    %subi = arith.subi %a, %b : i64
    %muli = arith.muli %a, %b : i64
    %divsi = arith.divsi %a, %b : i64
    %divui = arith.divui %a, %b : i64
    %remsi = arith.remsi %a, %b : i64
    %remui = arith.remui %a, %b : i64
    %ceildivsi = arith.ceildivsi %a, %b : i64
    %ceildivui = arith.ceildivui %a, %b : i64
    %floordivsi = arith.floordivsi %a, %b : i64
    %andi = arith.andi %a, %b : i64
    %ori = arith.ori %a, %b : i64
    %xori = arith.xori %a, %b : i64
    %shli = arith.shli %a, %b : i64
    %shrsi = arith.shrsi %a, %b : i64
    %shrui = arith.shrui %a, %b : i64
    %maxsi = arith.maxsi %a, %b : i64
    %minsi = arith.minsi %a, %b : i64
    %maxui = arith.maxui %a, %b : i64
    %minui = arith.minui %a, %b : i64
    %o_ = pto_orch.call @k_i64_ops1(out %o, scalar %addi, scalar %subi, scalar %muli, scalar %divsi, scalar %divui, scalar %remsi, scalar %remui, scalar %ceildivsi, scalar %ceildivui, scalar %floordivsi) : (tensor<4xf32>, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> tensor<4xf32>
    %o__ = pto_orch.call @k_i64_ops2(out %o_, scalar %andi, scalar %ori, scalar %xori, scalar %shli, scalar %shrsi, scalar %shrui, scalar %maxsi, scalar %minsi, scalar %maxui, scalar %minui) : (tensor<4xf32>, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> tensor<4xf32>
    %eq = arith.cmpi eq, %a, %b : i64
    %ne = arith.cmpi ne, %a, %b : i64
    %slt = arith.cmpi slt, %a, %b : i64
    %sle = arith.cmpi sle, %a, %b : i64
    %sgt = arith.cmpi sgt, %a, %b : i64
    %sge = arith.cmpi sge, %a, %b : i64
    %ult = arith.cmpi ult, %a, %b : i64
    %ule = arith.cmpi ule, %a, %b : i64
    %ugt = arith.cmpi ugt, %a, %b : i64
    %uge = arith.cmpi uge, %a, %b : i64
    %o___ = pto_orch.call @k_i64_cmp(out %o__, scalar %eq, scalar %ne, scalar %slt, scalar %sle, scalar %sgt, scalar %sge, scalar %ult, scalar %ule, scalar %ugt, scalar %uge) : (tensor<4xf32>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> tensor<4xf32>
  }
  func.return
}

func.func @arith_index(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %a: index, %b: index) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %addi = arith.addi %a, %b : index
    %subi = arith.subi %a, %b : index
    %muli = arith.muli %a, %b : index
    %divsi = arith.divsi %a, %b : index
    %divui = arith.divui %a, %b : index
    %remsi = arith.remsi %a, %b : index
    %remui = arith.remui %a, %b : index
    %ceildivsi = arith.ceildivsi %a, %b : index
    %ceildivui = arith.ceildivui %a, %b : index
    %floordivsi = arith.floordivsi %a, %b : index
    %andi = arith.andi %a, %b : index
    %ori = arith.ori %a, %b : index
    %xori = arith.xori %a, %b : index
    %shli = arith.shli %a, %b : index
    %shrsi = arith.shrsi %a, %b : index
    %shrui = arith.shrui %a, %b : index
    %maxsi = arith.maxsi %a, %b : index
    %minsi = arith.minsi %a, %b : index
    %maxui = arith.maxui %a, %b : index
    %minui = arith.minui %a, %b : index
    %o_ = pto_orch.call @k_index_ops1(out %o, scalar %addi, scalar %subi, scalar %muli, scalar %divsi, scalar %divui, scalar %remsi, scalar %remui, scalar %ceildivsi, scalar %ceildivui, scalar %floordivsi) : (tensor<4xf32>, index, index, index, index, index, index, index, index, index, index) -> tensor<4xf32>
    %o__ = pto_orch.call @k_index_ops2(out %o_, scalar %andi, scalar %ori, scalar %xori, scalar %shli, scalar %shrsi, scalar %shrui, scalar %maxsi, scalar %minsi, scalar %maxui, scalar %minui) : (tensor<4xf32>, index, index, index, index, index, index, index, index, index, index) -> tensor<4xf32>
    %eq = arith.cmpi eq, %a, %b : index
    %ne = arith.cmpi ne, %a, %b : index
    %slt = arith.cmpi slt, %a, %b : index
    %sle = arith.cmpi sle, %a, %b : index
    %sgt = arith.cmpi sgt, %a, %b : index
    %sge = arith.cmpi sge, %a, %b : index
    %ult = arith.cmpi ult, %a, %b : index
    %ule = arith.cmpi ule, %a, %b : index
    %ugt = arith.cmpi ugt, %a, %b : index
    %uge = arith.cmpi uge, %a, %b : index
    %o___ = pto_orch.call @k_index_cmp(out %o__, scalar %eq, scalar %ne, scalar %slt, scalar %sle, scalar %sgt, scalar %sge, scalar %ult, scalar %ule, scalar %ugt, scalar %uge) : (tensor<4xf32>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> tensor<4xf32>
  }
  func.return
}

func.func @arith_floats(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %x: f32, %y: f32, %z: f32, %d: f64, %e: f64) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %add = arith.addf %x, %y : f32
    %sub = arith.subf %x, %y : f32
    %mul = arith.mulf %x, %y : f32
    %div = arith.divf %x, %y : f32
    %neg = arith.negf %x : f32
    %maxnum = arith.maxnumf %x, %y : f32
    %minnum = arith.minnumf %x, %y : f32
    %maximum = arith.maximumf %x, %y : f32
    %minimum = arith.minimumf %x, %y : f32
    %o1 = pto_orch.call @k_f32(out %o, scalar %add, scalar %sub, scalar %mul, scalar %div, scalar %neg, scalar %maxnum, scalar %minnum, scalar %maximum, scalar %minimum) : (tensor<4xf32>, f32, f32, f32, f32, f32, f32, f32, f32, f32) -> tensor<4xf32>
    %dadd = arith.addf %d, %e : f64
    %dsub = arith.subf %d, %e : f64
    %dmul = arith.mulf %d, %e : f64
    %ddiv = arith.divf %d, %e : f64
    %dneg = arith.negf %d : f64
    %dmaxnum = arith.maxnumf %d, %e : f64
    %dminnum = arith.minnumf %d, %e : f64
    %dmaximum = arith.maximumf %d, %e : f64
    %dminimum = arith.minimumf %d, %e : f64
    %o2 = pto_orch.call @k_f64(out %o1, scalar %dadd, scalar %dsub, scalar %dmul, scalar %ddiv, scalar %dneg, scalar %dmaxnum, scalar %dminnum, scalar %dmaximum, scalar %dminimum) : (tensor<4xf32>, f64, f64, f64, f64, f64, f64, f64, f64, f64) -> tensor<4xf32>
    %c0 = arith.cmpf false, %x, %y : f32
    %c1 = arith.cmpf oeq, %x, %y : f32
    %c2 = arith.cmpf ogt, %x, %y : f32
    %c3 = arith.cmpf oge, %x, %y : f32
    %c4 = arith.cmpf olt, %x, %y : f32
    %c5 = arith.cmpf ole, %x, %y : f32
    %c6 = arith.cmpf one, %x, %y : f32
    %c7 = arith.cmpf ord, %x, %y : f32
    %c8 = arith.cmpf ueq, %x, %y : f32
    %c9 = arith.cmpf ugt, %x, %y : f32
    %c10 = arith.cmpf uge, %x, %y : f32
    %c11 = arith.cmpf ult, %x, %y : f32
    %c12 = arith.cmpf ule, %x, %y : f32
    %c13 = arith.cmpf une, %x, %y : f32
    %c14 = arith.cmpf uno, %x, %y : f32
    %c15 = arith.cmpf true, %d, %e : f64
    %o3 = pto_orch.call @k_cmpf(out %o2, scalar %c0, scalar %c1, scalar %c2, scalar %c3, scalar %c4, scalar %c5, scalar %c6, scalar %c7, scalar %c8, scalar %c9, scalar %c10, scalar %c11, scalar %c12, scalar %c13, scalar %c14, scalar %c15) : (tensor<4xf32>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> tensor<4xf32>
  }
  func.return
}

func.func @arith_casts(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %b: i1, %c: i8, %s: i16, %w: i32, %l: i64, %n: index, %x: f32, %d: f64) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %e0 = arith.extsi %b : i1 to i8
    %e1 = arith.extsi %c : i8 to i32
    %e2 = arith.extsi %w : i32 to i64
    %e3 = arith.extui %b : i1 to i32
    %e4 = arith.extui %s : i16 to i64
    %e5 = arith.trunci %l : i64 to i1
    %e6 = arith.trunci %l : i64 to i8
    %e7 = arith.trunci %w : i32 to i16
    %e8 = arith.index_cast %n : index to i32
    %e9 = arith.index_cast %n : index to i1
    %e10 = arith.index_cast %b : i1 to index
    %e11 = arith.index_cast %w : i32 to index
    %e12 = arith.index_cast %l : i64 to index
    %o1 = pto_orch.call @k_ints(out %o, scalar %e0, scalar %e1, scalar %e2, scalar %e3, scalar %e4, scalar %e5, scalar %e6, scalar %e7, scalar %e8, scalar %e9, scalar %e10, scalar %e11, scalar %e12) : (tensor<4xf32>, i8, i32, i64, i32, i64, i1, i8, i16, i32, i1, index, index, index) -> tensor<4xf32>
    %f0 = arith.sitofp %b : i1 to f32
    %f1 = arith.sitofp %w : i32 to f32
    %f2 = arith.sitofp %l : i64 to f64
    %f3 = arith.uitofp %b : i1 to f64
    %f4 = arith.uitofp %c : i8 to f32
    %f5 = arith.uitofp %l : i64 to f64
    %f6 = arith.extf %x : f32 to f64
    %f7 = arith.truncf %d : f64 to f32
    %f8 = arith.bitcast %x : f32 to i32
    %f9 = arith.bitcast %d : f64 to i64
    %f10 = arith.bitcast %w : i32 to f32
    %c7 = arith.constant 7 : i32
    %f11 = arith.bitcast %c7 : i32 to f32
    %f12 = arith.bitcast %l : i64 to f64
    %cm1 = arith.constant -1 : i64
    %f13 = arith.bitcast %cm1 : i64 to f64
    %f14 = arith.bitcast %f13 : f64 to i64
    %o2 = pto_orch.call @k_fp(out %o1, scalar %f0, scalar %f1, scalar %f2, scalar %f3, scalar %f4, scalar %f5, scalar %f6, scalar %f7, scalar %f8, scalar %f9, scalar %f10, scalar %f11, scalar %f13, scalar %f14) : (tensor<4xf32>, f32, f32, f64, f64, f32, f64, f64, f32, i32, i64, f32, f32, f64, i64) -> tensor<4xf32>
    %g0 = arith.fptosi %x : f32 to i32
    %g1 = arith.fptosi %d : f64 to i64
    %g2 = arith.fptosi %x : f32 to i1
    %g3 = arith.fptosi %d : f64 to i8
    %g4 = arith.fptoui %x : f32 to i8
    %g5 = arith.fptoui %d : f64 to i64
    %g6 = arith.fptoui %x : f32 to i1
    %g7 = arith.fptoui %d : f64 to i16
    %o3 = pto_orch.call @k_fpi(out %o2, scalar %g0, scalar %g1, scalar %g2, scalar %g3, scalar %g4, scalar %g5, scalar %g6, scalar %g7) : (tensor<4xf32>, i32, i64, i1, i8, i8, i64, i1, i16) -> tensor<4xf32>
  }
  func.return
}

func.func @arith_constants(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %n: index, %m: index, %c: i8, %w: i32, %x: f32, %s: i16) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %t = arith.constant true
    %f = arith.constant false
    %i8 = arith.constant 255 : i8
    %i16 = arith.constant -32768 : i16
    %i32 = arith.constant -2147483648 : i32
    %i64 = arith.constant -9223372036854775808 : i64
    %big = arith.constant 10000000000 : i64
    %idx = arith.constant 3 : index
    %imax = arith.constant 2147483647 : i32
    %lmax = arith.constant 9223372036854775807 : i64
    %o1 = pto_orch.call @k_c(out %o, scalar %t, scalar %f, scalar %i8, scalar %i16, scalar %i32, scalar %i64, scalar %big, scalar %idx, scalar %imax, scalar %lmax) : (tensor<4xf32>, i1, i1, i8, i16, i32, i64, i64, index, i32, i64) -> tensor<4xf32>
    %fmax = arith.constant 3.40282347E+38 : f32
    %fmax1 = arith.constant 3.40282326E+38 : f32
    %fmin = arith.constant 1.17549435E-38 : f32
    %dn = arith.constant 1.401300e-45 : f32
    %nz = arith.constant -0.000000e+00 : f32
    %inf = arith.constant 0x7F800000 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %nan = arith.constant 0x7FC00000 : f32
    %nan2 = arith.constant 0xFFC00005 : f32
    %tenth = arith.constant 0.1 : f32
    %neg = arith.negf %nz : f32
    %neg2 = arith.negf %fmax : f32
    %dmax = arith.constant 1.7976931348623157E+308 : f64
    %ddn = arith.constant 4.940660e-324 : f64
    %dnan = arith.constant 0x7FF8000000000001 : f64
    %dninf = arith.constant 0xFFF0000000000000 : f64
    %o2 = pto_orch.call @k_f(out %o1, scalar %fmax, scalar %fmax1, scalar %fmin, scalar %dn, scalar %nz, scalar %inf, scalar %ninf, scalar %nan, scalar %nan2, scalar %tenth, scalar %neg, scalar %neg2, scalar %dmax, scalar %ddn, scalar %dnan, scalar %dninf) : (tensor<4xf32>, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f64, f64, f64, f64) -> tensor<4xf32>
    %c40 = arith.constant 40 : index
    %c1 = arith.constant 1 : index
    %sh = arith.shli %c1, %c40 : index
    %c1m = arith.constant 1048576 : index
    %q = arith.divsi %sh, %c1m : index
    %c100k = arith.constant 100000 : i64
    %sq = arith.muli %c100k, %c100k : i64
    %c3 = arith.constant 3 : index
    %c31 = arith.constant 31 : index
    %c20 = arith.constant 20 : index
    %s31 = arith.shli %c3, %c31 : index
    %s20 = arith.shrsi %s31, %c20 : index
    %a8 = arith.constant 100 : i8
    %sum8 = arith.addi %a8, %a8 : i8
    %c3_8 = arith.constant 3 : i8
    %div8 = arith.divsi %sum8, %c3_8 : i8
    %w1 = arith.addi %w, %imax : i32
    %row = arith.muli %n, %c3 : index
    %off = arith.addi %row, %m : index
    %off2 = arith.subi %off, %c1 : index
    %c70 = arith.constant 70 : index
    %bad = arith.shli %n, %c70 : index
    %self = arith.cmpi sgt, %off, %off : index
    %never = arith.cmpi ugt, %c, %i8 : i8
    %smax = arith.maxsi %s, %i16 : i16
    %cf = arith.sitofp %t : i1 to f32
    %c2 = arith.constant 2 : index
    %m2 = arith.shrsi %c2, %m : index
    %cm1 = arith.constant -1 : i32
    %wm = arith.maxui %w, %cm1 : i32
    %b = arith.index_cast %m : index to i1
    %o3 = pto_orch.call @k_e(out %o2, scalar %q, scalar %s20, scalar %off2, scalar %sq, scalar %div8, scalar %w1, scalar %bad, scalar %off, scalar %self, scalar %never, scalar %smax, scalar %row, scalar %cf, scalar %m2, scalar %wm, scalar %b) : (tensor<4xf32>, index, index, index, i64, i8, i32, index, index, i1, i1, i16, index, f32, index, i32, i1) -> tensor<4xf32>
    %c5 = arith.constant 5 : i8
    %c250 = arith.constant -6 : i8
    %ct = arith.ori %c5, %c250 : i8
    %9 = arith.ori %c5, %c250 : i8
    %cc = arith.cmpi ugt, %c, %9 : i8
    %cmax = arith.maxui %c, %ct : i8
    %fa = arith.constant -1.5 : f32
    %fneg = arith.negf %fa : f32
    %fsum = arith.addf %x, %fneg : f32
    %fprod = arith.mulf %fsum, %fsum : f32
    %dd = arith.extf %fprod : f32 to f64
    %masked = arith.andi %c, %c5 : i8
    %c7 = arith.constant 7 : i8
    %never2 = arith.cmpi eq, %masked, %c7 : i8
    %o4 = pto_orch.call @k_g(out %o3, scalar %cc, scalar %cmax, scalar %fprod, scalar %dd, scalar %never2) : (tensor<4xf32>, i1, i8, f32, f64, i1) -> tensor<4xf32>
  }
  func.return
}

// CHECK-LABEL:// ===== orchestration/arith_i1.cpp =====
// CHECK:#include "pto_orchestration_api.h"
// CHECK-EMPTY:
// CHECK-NEXT:// arith.divsi, i1 (true is -1): false / true is false; true / true overflows; a division by false is poison
// CHECK-NEXT:static inline bool arith_divsi_i1(bool a, bool b) {
// CHECK-NEXT:    (void)a;
// CHECK-NEXT:    (void)b;
// CHECK-NEXT:    return false;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.divui, i1 (true is 1): x / true is x; a division by false is poison
// CHECK-NEXT:static inline bool arith_divui_i1(bool a, bool b) {
// CHECK-NEXT:    (void)b;
// CHECK-NEXT:    return a;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.remsi, i1 (true is -1): x % true is false; a division by false is poison
// CHECK-NEXT:static inline bool arith_remsi_i1(bool a, bool b) {
// CHECK-NEXT:    (void)a;
// CHECK-NEXT:    (void)b;
// CHECK-NEXT:    return false;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.remui, i1 (true is 1): x % true is false; a division by false is poison
// CHECK-NEXT:static inline bool arith_remui_i1(bool a, bool b) {
// CHECK-NEXT:    (void)a;
// CHECK-NEXT:    (void)b;
// CHECK-NEXT:    return false;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.ceildivsi, i1 (true is -1): false / true is false; true / true overflows; a division by false is poison
// CHECK-NEXT:static inline bool arith_ceildivsi_i1(bool a, bool b) {
// CHECK-NEXT:    (void)a;
// CHECK-NEXT:    (void)b;
// CHECK-NEXT:    return false;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.ceildivui, i1 (true is 1): x / true is x; a division by false is poison
// CHECK-NEXT:static inline bool arith_ceildivui_i1(bool a, bool b) {
// CHECK-NEXT:    (void)b;
// CHECK-NEXT:    return a;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.floordivsi, i1 (true is -1): false / true is false; true / true overflows; a division by false is poison
// CHECK-NEXT:static inline bool arith_floordivsi_i1(bool a, bool b) {
// CHECK-NEXT:    (void)a;
// CHECK-NEXT:    (void)b;
// CHECK-NEXT:    return false;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" {
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k_i1_ops1
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(a ^ b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(a ^ b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(a && b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_divsi_i1(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_divui_i1(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_remsi_i1(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_remui_i1(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_ceildivsi_i1(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_ceildivui_i1(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_floordivsi_i1(a, b));
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k_i1_ops2
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a & b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a | b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a ^ b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a && !b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a && !b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a && !b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a && b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a || b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a || b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a && b));
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k_i1_cmp
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a == b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a != b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a && !b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a || !b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(!a && b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(!a || b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(!a && b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(!a || b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a && !b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a || !b));
// CHECK-NEXT:        rt_submit_aiv_task(2, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-LABEL:// ===== orchestration/arith_i8.cpp =====
// CHECK:#include "pto_orchestration_api.h"
// CHECK-EMPTY:
// CHECK-NEXT:// arith.divsi, i8: rounds toward zero; b == 0 and INT8_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int8_t arith_divsi_i8(int8_t a, int8_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT8_MIN && b == -1)) return 0;
// CHECK-NEXT:    return (int8_t)(a / b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.divui, i8: unsigned; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int8_t arith_divui_i8(int8_t a, int8_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    return (int8_t)((uint8_t)a / (uint8_t)b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.remsi, i8: the remainder of divsi, with the sign of a; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int8_t arith_remsi_i8(int8_t a, int8_t b) {
// CHECK-NEXT:    if (b == 0 || b == -1) return 0;  // x % -1 is 0 (MIN % -1 overflows in C++)
// CHECK-NEXT:    return (int8_t)(a % b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.remui, i8: unsigned; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int8_t arith_remui_i8(int8_t a, int8_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    return (int8_t)((uint8_t)a % (uint8_t)b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.ceildivsi, i8: rounds toward +infinity; b == 0 and INT8_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int8_t arith_ceildivsi_i8(int8_t a, int8_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT8_MIN && b == -1)) return 0;
// CHECK-NEXT:    int8_t q = (int8_t)(a / b);
// CHECK-NEXT:    return (a % b != 0 && (a < 0) == (b < 0)) ? (int8_t)(q + 1) : q;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.ceildivui, i8: unsigned, rounds up; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int8_t arith_ceildivui_i8(int8_t a, int8_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    uint8_t q = (uint8_t)((uint8_t)a / (uint8_t)b);
// CHECK-NEXT:    return (int8_t)(q + ((uint8_t)a % (uint8_t)b != 0));
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.floordivsi, i8: rounds toward -infinity; b == 0 and INT8_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int8_t arith_floordivsi_i8(int8_t a, int8_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT8_MIN && b == -1)) return 0;
// CHECK-NEXT:    int8_t q = (int8_t)(a / b);
// CHECK-NEXT:    return (a % b != 0 && (a < 0) != (b < 0)) ? (int8_t)(q - 1) : q;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" {
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k_i8_ops1
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int8_t)(a + b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int8_t)(a - b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int8_t)(a * b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_divsi_i8(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_divui_i8(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_remsi_i8(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_remui_i8(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_ceildivsi_i8(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_ceildivui_i8(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_floordivsi_i8(a, b));
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k_i8_ops2
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a & b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a | b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a ^ b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((int8_t)((uint8_t)a << (b & 7))));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a >> (b & 7)));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((int8_t)((uint8_t)a >> (b & 7))));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((a > b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((a < b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(((uint8_t)a > (uint8_t)b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(((uint8_t)a < (uint8_t)b) ? a : b));
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k_i8_cmp
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a == b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a != b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a < b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a <= b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a > b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a >= b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint8_t)a < (uint8_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint8_t)a <= (uint8_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint8_t)a > (uint8_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint8_t)a >= (uint8_t)b));
// CHECK-NEXT:        rt_submit_aiv_task(2, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-LABEL:// ===== orchestration/arith_i16.cpp =====
// CHECK:#include "pto_orchestration_api.h"
// CHECK-EMPTY:
// CHECK-NEXT:// arith.divsi, i16: rounds toward zero; b == 0 and INT16_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int16_t arith_divsi_i16(int16_t a, int16_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT16_MIN && b == -1)) return 0;
// CHECK-NEXT:    return (int16_t)(a / b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.divui, i16: unsigned; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int16_t arith_divui_i16(int16_t a, int16_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    return (int16_t)((uint16_t)a / (uint16_t)b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.remsi, i16: the remainder of divsi, with the sign of a; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int16_t arith_remsi_i16(int16_t a, int16_t b) {
// CHECK-NEXT:    if (b == 0 || b == -1) return 0;  // x % -1 is 0 (MIN % -1 overflows in C++)
// CHECK-NEXT:    return (int16_t)(a % b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.remui, i16: unsigned; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int16_t arith_remui_i16(int16_t a, int16_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    return (int16_t)((uint16_t)a % (uint16_t)b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.ceildivsi, i16: rounds toward +infinity; b == 0 and INT16_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int16_t arith_ceildivsi_i16(int16_t a, int16_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT16_MIN && b == -1)) return 0;
// CHECK-NEXT:    int16_t q = (int16_t)(a / b);
// CHECK-NEXT:    return (a % b != 0 && (a < 0) == (b < 0)) ? (int16_t)(q + 1) : q;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.ceildivui, i16: unsigned, rounds up; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int16_t arith_ceildivui_i16(int16_t a, int16_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    uint16_t q = (uint16_t)((uint16_t)a / (uint16_t)b);
// CHECK-NEXT:    return (int16_t)(q + ((uint16_t)a % (uint16_t)b != 0));
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.floordivsi, i16: rounds toward -infinity; b == 0 and INT16_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int16_t arith_floordivsi_i16(int16_t a, int16_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT16_MIN && b == -1)) return 0;
// CHECK-NEXT:    int16_t q = (int16_t)(a / b);
// CHECK-NEXT:    return (a % b != 0 && (a < 0) != (b < 0)) ? (int16_t)(q - 1) : q;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" {
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k_i16_ops1
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int16_t)(a + b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int16_t)(a - b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int16_t)(a * b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_divsi_i16(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_divui_i16(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_remsi_i16(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_remui_i16(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_ceildivsi_i16(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_ceildivui_i16(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_floordivsi_i16(a, b));
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k_i16_ops2
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a & b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a | b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a ^ b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((int16_t)((uint16_t)a << (b & 15))));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a >> (b & 15)));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((int16_t)((uint16_t)a >> (b & 15))));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((a > b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((a < b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(((uint16_t)a > (uint16_t)b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(((uint16_t)a < (uint16_t)b) ? a : b));
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k_i16_cmp
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a == b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a != b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a < b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a <= b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a > b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a >= b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint16_t)a < (uint16_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint16_t)a <= (uint16_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint16_t)a > (uint16_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint16_t)a >= (uint16_t)b));
// CHECK-NEXT:        rt_submit_aiv_task(2, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-LABEL:// ===== orchestration/arith_i32.cpp =====
// CHECK:#include "pto_orchestration_api.h"
// CHECK-EMPTY:
// CHECK-NEXT:// arith.divsi, i32: rounds toward zero; b == 0 and INT32_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int32_t arith_divsi_i32(int32_t a, int32_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT32_MIN && b == -1)) return 0;
// CHECK-NEXT:    return (int32_t)(a / b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.divui, i32: unsigned; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int32_t arith_divui_i32(int32_t a, int32_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    return (int32_t)((uint32_t)a / (uint32_t)b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.remsi, i32: the remainder of divsi, with the sign of a; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int32_t arith_remsi_i32(int32_t a, int32_t b) {
// CHECK-NEXT:    if (b == 0 || b == -1) return 0;  // x % -1 is 0 (MIN % -1 overflows in C++)
// CHECK-NEXT:    return (int32_t)(a % b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.remui, i32: unsigned; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int32_t arith_remui_i32(int32_t a, int32_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    return (int32_t)((uint32_t)a % (uint32_t)b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.ceildivsi, i32: rounds toward +infinity; b == 0 and INT32_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int32_t arith_ceildivsi_i32(int32_t a, int32_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT32_MIN && b == -1)) return 0;
// CHECK-NEXT:    int32_t q = (int32_t)(a / b);
// CHECK-NEXT:    return (a % b != 0 && (a < 0) == (b < 0)) ? (int32_t)(q + 1) : q;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.ceildivui, i32: unsigned, rounds up; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int32_t arith_ceildivui_i32(int32_t a, int32_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    uint32_t q = (uint32_t)((uint32_t)a / (uint32_t)b);
// CHECK-NEXT:    return (int32_t)(q + ((uint32_t)a % (uint32_t)b != 0));
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.floordivsi, i32: rounds toward -infinity; b == 0 and INT32_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int32_t arith_floordivsi_i32(int32_t a, int32_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT32_MIN && b == -1)) return 0;
// CHECK-NEXT:    int32_t q = (int32_t)(a / b);
// CHECK-NEXT:    return (a % b != 0 && (a < 0) != (b < 0)) ? (int32_t)(q - 1) : q;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" {
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k_i32_ops1
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int32_t)((uint32_t)a + (uint32_t)b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int32_t)((uint32_t)a - (uint32_t)b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int32_t)((uint32_t)a * (uint32_t)b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_divsi_i32(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_divui_i32(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_remsi_i32(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_remui_i32(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_ceildivsi_i32(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_ceildivui_i32(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_floordivsi_i32(a, b));
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k_i32_ops2
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a & b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a | b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a ^ b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((int32_t)((uint32_t)a << (b & 31))));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a >> (b & 31)));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((int32_t)((uint32_t)a >> (b & 31))));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((a > b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((a < b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(((uint32_t)a > (uint32_t)b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(((uint32_t)a < (uint32_t)b) ? a : b));
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k_i32_cmp
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a == b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a != b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a < b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a <= b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a > b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a >= b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint32_t)a < (uint32_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint32_t)a <= (uint32_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint32_t)a > (uint32_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint32_t)a >= (uint32_t)b));
// CHECK-NEXT:        rt_submit_aiv_task(2, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-LABEL:// ===== orchestration/arith_i64.cpp =====
// CHECK:#include "pto_orchestration_api.h"
// CHECK-EMPTY:
// CHECK-NEXT:// arith.divsi, i64: rounds toward zero; b == 0 and INT64_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int64_t arith_divsi_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT64_MIN && b == -1)) return 0;
// CHECK-NEXT:    return (int64_t)(a / b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.divui, i64: unsigned; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int64_t arith_divui_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    return (int64_t)((uint64_t)a / (uint64_t)b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.remsi, i64: the remainder of divsi, with the sign of a; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int64_t arith_remsi_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0 || b == -1) return 0;  // x % -1 is 0 (MIN % -1 overflows in C++)
// CHECK-NEXT:    return (int64_t)(a % b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.remui, i64: unsigned; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int64_t arith_remui_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    return (int64_t)((uint64_t)a % (uint64_t)b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.ceildivsi, i64: rounds toward +infinity; b == 0 and INT64_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int64_t arith_ceildivsi_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT64_MIN && b == -1)) return 0;
// CHECK-NEXT:    int64_t q = (int64_t)(a / b);
// CHECK-NEXT:    return (a % b != 0 && (a < 0) == (b < 0)) ? (int64_t)(q + 1) : q;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.ceildivui, i64: unsigned, rounds up; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int64_t arith_ceildivui_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    uint64_t q = (uint64_t)((uint64_t)a / (uint64_t)b);
// CHECK-NEXT:    return (int64_t)(q + ((uint64_t)a % (uint64_t)b != 0));
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.floordivsi, i64: rounds toward -infinity; b == 0 and INT64_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int64_t arith_floordivsi_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT64_MIN && b == -1)) return 0;
// CHECK-NEXT:    int64_t q = (int64_t)(a / b);
// CHECK-NEXT:    return (a % b != 0 && (a < 0) != (b < 0)) ? (int64_t)(q - 1) : q;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" {
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k_i64_ops1
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int64_t)((uint64_t)a + (uint64_t)b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int64_t)((uint64_t)a - (uint64_t)b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int64_t)((uint64_t)a * (uint64_t)b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_divsi_i64(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_divui_i64(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_remsi_i64(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_remui_i64(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_ceildivsi_i64(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_ceildivui_i64(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_floordivsi_i64(a, b));
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k_i64_ops2
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a & b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a | b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a ^ b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((int64_t)((uint64_t)a << (b & 63))));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a >> (b & 63)));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((int64_t)((uint64_t)a >> (b & 63))));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((a > b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((a < b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(((uint64_t)a > (uint64_t)b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(((uint64_t)a < (uint64_t)b) ? a : b));
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k_i64_cmp
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a == b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a != b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a < b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a <= b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a > b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a >= b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint64_t)a < (uint64_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint64_t)a <= (uint64_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint64_t)a > (uint64_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint64_t)a >= (uint64_t)b));
// CHECK-NEXT:        rt_submit_aiv_task(2, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-LABEL:// ===== orchestration/arith_index.cpp =====
// CHECK:#include "pto_orchestration_api.h"
// CHECK-EMPTY:
// CHECK-NEXT:// arith.divsi, i64: rounds toward zero; b == 0 and INT64_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int64_t arith_divsi_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT64_MIN && b == -1)) return 0;
// CHECK-NEXT:    return (int64_t)(a / b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.divui, i64: unsigned; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int64_t arith_divui_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    return (int64_t)((uint64_t)a / (uint64_t)b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.remsi, i64: the remainder of divsi, with the sign of a; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int64_t arith_remsi_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0 || b == -1) return 0;  // x % -1 is 0 (MIN % -1 overflows in C++)
// CHECK-NEXT:    return (int64_t)(a % b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.remui, i64: unsigned; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int64_t arith_remui_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    return (int64_t)((uint64_t)a % (uint64_t)b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.ceildivsi, i64: rounds toward +infinity; b == 0 and INT64_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int64_t arith_ceildivsi_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT64_MIN && b == -1)) return 0;
// CHECK-NEXT:    int64_t q = (int64_t)(a / b);
// CHECK-NEXT:    return (a % b != 0 && (a < 0) == (b < 0)) ? (int64_t)(q + 1) : q;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.ceildivui, i64: unsigned, rounds up; b == 0 is poison (0 here)
// CHECK-NEXT:static inline int64_t arith_ceildivui_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0) return 0;
// CHECK-NEXT:    uint64_t q = (uint64_t)((uint64_t)a / (uint64_t)b);
// CHECK-NEXT:    return (int64_t)(q + ((uint64_t)a % (uint64_t)b != 0));
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.floordivsi, i64: rounds toward -infinity; b == 0 and INT64_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int64_t arith_floordivsi_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT64_MIN && b == -1)) return 0;
// CHECK-NEXT:    int64_t q = (int64_t)(a / b);
// CHECK-NEXT:    return (a % b != 0 && (a < 0) != (b < 0)) ? (int64_t)(q - 1) : q;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" {
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k_index_ops1
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int64_t)((uint64_t)a + (uint64_t)b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int64_t)((uint64_t)a - (uint64_t)b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int64_t)((uint64_t)a * (uint64_t)b)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_divsi_i64(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_divui_i64(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_remsi_i64(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_remui_i64(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_ceildivsi_i64(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_ceildivui_i64(a, b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)arith_floordivsi_i64(a, b));
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k_index_ops2
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a & b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a | b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a ^ b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((int64_t)((uint64_t)a << (b & 63))));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a >> (b & 63)));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((int64_t)((uint64_t)a >> (b & 63))));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((a > b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((a < b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(((uint64_t)a > (uint64_t)b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(((uint64_t)a < (uint64_t)b) ? a : b));
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k_index_cmp
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a == b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a != b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a < b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a <= b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a > b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(a >= b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint64_t)a < (uint64_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint64_t)a <= (uint64_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint64_t)a > (uint64_t)b));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((uint64_t)a >= (uint64_t)b));
// CHECK-NEXT:        rt_submit_aiv_task(2, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-LABEL:// ===== orchestration/arith_floats.cpp =====
// CHECK:#include "pto_orchestration_api.h"
// CHECK-EMPTY:
// CHECK-NEXT:// MLIR rounds every mulf and addf / subf on its own: no fused multiply-add
// CHECK-NEXT:#pragma GCC optimize("fp-contract=off")
// CHECK-EMPTY:
// CHECK-NEXT:// arith.maxnumf, f32: a NaN operand is ignored; +0 is above -0
// CHECK-NEXT:static inline float arith_maxnumf_f32(float a, float b) {
// CHECK-NEXT:    if (__builtin_isnan(a)) return b;
// CHECK-NEXT:    if (__builtin_isnan(b)) return a;
// CHECK-NEXT:    if (a == b) return __builtin_signbit(a) ? b : a;
// CHECK-NEXT:    return a > b ? a : b;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.minnumf, f32: a NaN operand is ignored; -0 is below +0
// CHECK-NEXT:static inline float arith_minnumf_f32(float a, float b) {
// CHECK-NEXT:    if (__builtin_isnan(a)) return b;
// CHECK-NEXT:    if (__builtin_isnan(b)) return a;
// CHECK-NEXT:    if (a == b) return __builtin_signbit(a) ? a : b;
// CHECK-NEXT:    return a < b ? a : b;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.maximumf, f32: a NaN operand is the result; +0 is above -0
// CHECK-NEXT:static inline float arith_maximumf_f32(float a, float b) {
// CHECK-NEXT:    if (__builtin_isnan(a)) return a;
// CHECK-NEXT:    if (__builtin_isnan(b)) return b;
// CHECK-NEXT:    if (a == b) return __builtin_signbit(a) ? b : a;
// CHECK-NEXT:    return a > b ? a : b;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.minimumf, f32: a NaN operand is the result; -0 is below +0
// CHECK-NEXT:static inline float arith_minimumf_f32(float a, float b) {
// CHECK-NEXT:    if (__builtin_isnan(a)) return a;
// CHECK-NEXT:    if (__builtin_isnan(b)) return b;
// CHECK-NEXT:    if (a == b) return __builtin_signbit(a) ? a : b;
// CHECK-NEXT:    return a < b ? a : b;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.maxnumf, f64: a NaN operand is ignored; +0 is above -0
// CHECK-NEXT:static inline double arith_maxnumf_f64(double a, double b) {
// CHECK-NEXT:    if (__builtin_isnan(a)) return b;
// CHECK-NEXT:    if (__builtin_isnan(b)) return a;
// CHECK-NEXT:    if (a == b) return __builtin_signbit(a) ? b : a;
// CHECK-NEXT:    return a > b ? a : b;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.minnumf, f64: a NaN operand is ignored; -0 is below +0
// CHECK-NEXT:static inline double arith_minnumf_f64(double a, double b) {
// CHECK-NEXT:    if (__builtin_isnan(a)) return b;
// CHECK-NEXT:    if (__builtin_isnan(b)) return a;
// CHECK-NEXT:    if (a == b) return __builtin_signbit(a) ? a : b;
// CHECK-NEXT:    return a < b ? a : b;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.maximumf, f64: a NaN operand is the result; +0 is above -0
// CHECK-NEXT:static inline double arith_maximumf_f64(double a, double b) {
// CHECK-NEXT:    if (__builtin_isnan(a)) return a;
// CHECK-NEXT:    if (__builtin_isnan(b)) return b;
// CHECK-NEXT:    if (a == b) return __builtin_signbit(a) ? b : a;
// CHECK-NEXT:    return a > b ? a : b;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.minimumf, f64: a NaN operand is the result; -0 is below +0
// CHECK-NEXT:static inline double arith_minimumf_f64(double a, double b) {
// CHECK-NEXT:    if (__builtin_isnan(a)) return a;
// CHECK-NEXT:    if (__builtin_isnan(b)) return b;
// CHECK-NEXT:    if (a == b) return __builtin_signbit(a) ? a : b;
// CHECK-NEXT:    return a < b ? a : b;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" {
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k_f32
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        params_t0.add_scalar(to_u64(x + y));
// CHECK-NEXT:        params_t0.add_scalar(to_u64(x - y));
// CHECK-NEXT:        params_t0.add_scalar(to_u64(x * y));
// CHECK-NEXT:        params_t0.add_scalar(to_u64(x / y));
// CHECK-NEXT:        params_t0.add_scalar(to_u64(-x));
// CHECK-NEXT:        params_t0.add_scalar(to_u64(arith_maxnumf_f32(x, y)));
// CHECK-NEXT:        params_t0.add_scalar(to_u64(arith_minnumf_f32(x, y)));
// CHECK-NEXT:        params_t0.add_scalar(to_u64(arith_maximumf_f32(x, y)));
// CHECK-NEXT:        params_t0.add_scalar(to_u64(arith_minimumf_f32(x, y)));
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k_f64
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        params_t1.add_scalar(to_u64(d + e));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(d - e));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(d * e));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(d / e));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(-d));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(arith_maxnumf_f64(d, e)));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(arith_minnumf_f64(d, e)));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(arith_maximumf_f64(d, e)));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(arith_minimumf_f64(d, e)));
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k_cmpf
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((void)x, (void)y, false));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(x == y));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(x > y));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(x >= y));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(x < y));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(x <= y));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(x < y || x > y));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(!__builtin_isnan(x) && !__builtin_isnan(y)));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(!(x < y || x > y)));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(!(x <= y)));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(!(x < y)));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(!(x >= y)));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(!(x > y)));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(x != y));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(__builtin_isnan(x) || __builtin_isnan(y)));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((void)d, (void)e, true));
// CHECK-NEXT:        rt_submit_aiv_task(2, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-LABEL:// ===== orchestration/arith_casts.cpp =====
// CHECK:#include "pto_orchestration_api.h"
// CHECK-EMPTY:
// CHECK-NEXT:// arith.fptosi, f32 to i32: rounds toward zero; NaN, infinities and values out of -2147483648..2147483647 are poison (0 here)
// CHECK-NEXT:static inline int32_t arith_fptosi_f32_i32(float x) {
// CHECK-NEXT:    if (!(x > -2147483649.0 && x < 2147483648.0)) return 0;
// CHECK-NEXT:    return (int32_t)x;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.fptosi, f64 to i64: rounds toward zero; NaN, infinities and values out of -9223372036854775808..9223372036854775807 are poison (0 here)
// CHECK-NEXT:static inline int64_t arith_fptosi_f64_i64(double x) {
// CHECK-NEXT:    if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0)) return 0;
// CHECK-NEXT:    return (int64_t)x;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.fptosi, f32 to i1: rounds toward zero; NaN, infinities and values out of -1..0 are poison (false here)
// CHECK-NEXT:static inline bool arith_fptosi_f32_i1(float x) {
// CHECK-NEXT:    if (!(x > -2.0 && x < 1.0)) return false;
// CHECK-NEXT:    return x <= -1.0;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.fptosi, f64 to i8: rounds toward zero; NaN, infinities and values out of -128..127 are poison (0 here)
// CHECK-NEXT:static inline int8_t arith_fptosi_f64_i8(double x) {
// CHECK-NEXT:    if (!(x > -129.0 && x < 128.0)) return 0;
// CHECK-NEXT:    return (int8_t)x;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.fptoui, f32 to i8: rounds toward zero; NaN, infinities and values out of 0..255 are poison (0 here)
// CHECK-NEXT:static inline int8_t arith_fptoui_f32_i8(float x) {
// CHECK-NEXT:    if (!(x > -1.0 && x < 256.0)) return 0;
// CHECK-NEXT:    return (int8_t)(uint8_t)x;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.fptoui, f64 to i64: rounds toward zero; NaN, infinities and values out of 0..18446744073709551615 are poison (0 here)
// CHECK-NEXT:static inline int64_t arith_fptoui_f64_i64(double x) {
// CHECK-NEXT:    if (!(x > -1.0 && x < 18446744073709551616.0)) return 0;
// CHECK-NEXT:    return (int64_t)(uint64_t)x;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.fptoui, f32 to i1: rounds toward zero; NaN, infinities and values out of 0..1 are poison (false here)
// CHECK-NEXT:static inline bool arith_fptoui_f32_i1(float x) {
// CHECK-NEXT:    if (!(x > -1.0 && x < 2.0)) return false;
// CHECK-NEXT:    return x >= 1.0;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.fptoui, f64 to i16: rounds toward zero; NaN, infinities and values out of 0..65535 are poison (0 here)
// CHECK-NEXT:static inline int16_t arith_fptoui_f64_i16(double x) {
// CHECK-NEXT:    if (!(x > -1.0 && x < 65536.0)) return 0;
// CHECK-NEXT:    return (int16_t)(uint16_t)x;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" {
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k_ints
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(-(int8_t)b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int32_t)c));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int64_t)w));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int32_t)b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int64_t)(uint16_t)s));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((bool)(l & 1)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int8_t)l));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int16_t)w));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int32_t)n));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((bool)(n & 1)));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(-(int64_t)b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int64_t)w));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)l);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        double f13 = from_u64<double>(to_u64((int64_t)-1));
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k_fp
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        params_t1.add_scalar(to_u64((float)-(int)b));
// CHECK-NEXT:        params_t1.add_scalar(to_u64((float)w));
// CHECK-NEXT:        params_t1.add_scalar(to_u64((double)l));
// CHECK-NEXT:        params_t1.add_scalar(to_u64((double)b));
// CHECK-NEXT:        params_t1.add_scalar(to_u64((float)(uint8_t)c));
// CHECK-NEXT:        params_t1.add_scalar(to_u64((double)(uint64_t)l));
// CHECK-NEXT:        params_t1.add_scalar(to_u64((double)x));
// CHECK-NEXT:        params_t1.add_scalar(to_u64((float)d));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)from_u64<int32_t>(to_u64(x)));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)from_u64<int64_t>(to_u64(d)));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(from_u64<float>(to_u64(w))));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(from_u64<float>(to_u64((int32_t)7))));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(f13));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)from_u64<int64_t>(to_u64(f13)));
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k_fpi
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)arith_fptosi_f32_i32(x));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)arith_fptosi_f64_i64(d));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)arith_fptosi_f32_i1(x));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)arith_fptosi_f64_i8(d));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)arith_fptoui_f32_i8(x));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)arith_fptoui_f64_i64(d));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)arith_fptoui_f32_i1(x));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)arith_fptoui_f64_i16(d));
// CHECK-NEXT:        rt_submit_aiv_task(2, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-LABEL:// ===== orchestration/arith_constants.cpp =====
// CHECK:#include "pto_orchestration_api.h"
// CHECK-EMPTY:
// CHECK-NEXT:// MLIR rounds every mulf and addf / subf on its own: no fused multiply-add
// CHECK-NEXT:#pragma GCC optimize("fp-contract=off")
// CHECK-EMPTY:
// CHECK-NEXT:// arith.divsi, i64: rounds toward zero; b == 0 and INT64_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int64_t arith_divsi_i64(int64_t a, int64_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT64_MIN && b == -1)) return 0;
// CHECK-NEXT:    return (int64_t)(a / b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:// arith.divsi, i8: rounds toward zero; b == 0 and INT8_MIN / -1 are poison (0 here)
// CHECK-NEXT:static inline int8_t arith_divsi_i8(int8_t a, int8_t b) {
// CHECK-NEXT:    if (b == 0 || (a == INT8_MIN && b == -1)) return 0;
// CHECK-NEXT:    return (int8_t)(a / b);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" {
// CHECK:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: k_c
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)true);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)false);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)-1);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)-32768);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(-2147483647 - 1));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(-9223372036854775807ll - 1));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)10000000000ll);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)3);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)2147483647);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)9223372036854775807ll);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: k_f
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        params_t1.add_scalar(to_u64(3.4028235e+38f));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(3.4028233e+38f));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(1.1754944e-38f));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(1.0e-45f));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(-0.0f));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(__builtin_inff()));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(-__builtin_inff()));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(__builtin_nanf("")));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(-__builtin_nanf("0x5")));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(0.1f));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(-(-0.0f)));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(-3.4028235e+38f));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(1.7976931348623157e+308));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(5.0e-324));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(__builtin_nan("0x1")));
// CHECK-NEXT:        params_t1.add_scalar(to_u64(-__builtin_inf()));
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        int64_t row = (int64_t)((uint64_t)n * 3);
// CHECK-NEXT:        int64_t off = (int64_t)((uint64_t)row + (uint64_t)m);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: k_e
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)arith_divsi_i64((int64_t)((uint64_t)1 << 40), 1048576));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)(((int64_t)((uint64_t)3 << 31)) >> 20));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((int64_t)((uint64_t)off - 1)));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((int64_t)((uint64_t)100000 * 100000)));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)arith_divsi_i8((int8_t)(100 + 100), 3));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((int32_t)((uint32_t)w + 2147483647)));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((int64_t)((uint64_t)n << (70 & 63))));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)off);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((void)off, false));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((void)c, false));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((s > -32768) ? s : -32768));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)row);
// CHECK-NEXT:        params_t2.add_scalar(to_u64((float)-(int)true));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((int64_t)2 >> (m & 63)));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((void)w, -1));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((bool)(m & 1)));
// CHECK-NEXT:        rt_submit_aiv_task(2, params_t2);
// CHECK-EMPTY:
// CHECK-NEXT:        int8_t value = 5 | -6;
// CHECK-NEXT:        int8_t ct = 5 | -6;
// CHECK-NEXT:        float fsum = x + (-(-1.5f));
// CHECK-NEXT:        float fprod = fsum * fsum;
// CHECK-NEXT:        int8_t masked = c & 5;
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 3: k_g
// CHECK-NEXT:        Arg params_t3;
// CHECK-NEXT:        params_t3.add_output(ext_o);
// CHECK-NEXT:        params_t3.add_scalar((uint64_t)((uint8_t)c > (uint8_t)value));
// CHECK-NEXT:        params_t3.add_scalar((uint64_t)(((uint8_t)c > (uint8_t)ct) ? c : ct));
// CHECK-NEXT:        params_t3.add_scalar(to_u64(fprod));
// CHECK-NEXT:        params_t3.add_scalar(to_u64((double)fprod));
// CHECK-NEXT:        params_t3.add_scalar((uint64_t)(masked == 7));
// CHECK-NEXT:        rt_submit_aiv_task(3, params_t3);
// CHECK-NEXT:    }
// CHECK-NEXT:}
