// Scalar arith ops as C++ expressions (docs/targets/pto2-cpp.md#scalar-arithmetic): inlined
// where used, in parentheses as operands; a result with a name hint used more than once is
// declared once (`int64_t row = ...;`), an unnamed one (%0) is inlined at each use; an unused
// one prints nothing (%dead). index addi / subi / muli / shli / shrui wrap through uint64_t (a
// chain stays unsigned: %i0), shift amounts are masked to the width, unsigned predicates cast
// to the unsigned type of the same width; divisions, maxnumf and fptosi call the helpers
// printed before the entry (tests/filecheck/targets/pto2_cpp/arith_semantics.mlir pins every
// op at every width); max/min/select are conditionals; casts are C casts (extui through the
// unsigned source type).
// RUN: pypto-opt -t pto2-cpp %s | filecheck --strict-whitespace --match-full-lines %s

pto_orch.kernel @cmp aiv (out tensor<4xf32>, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1, in i1) -> tensor<4xf32>
pto_orch.kernel @ints aiv (out tensor<4xf32>, in index, in index, in index, in index, in index, in index, in index, in index, in index, in index, in index, in index, in index, in index, in index, in index) -> tensor<4xf32>
pto_orch.kernel @mixed aiv (out tensor<4xf32>, in f32, in f32, in f32, in i32, in i64, in f64, in f32, in index, in index, in f32, in i64) -> tensor<4xf32>

func.func @arith(%o: tensor<4xf32> {pto_orch.dir = #pto_orch.dir<out>}, %a: index, %b: index, %x: f32, %y: f32, %w: i32, %flag: i1) attributes {pto_orch.kind = #pto_orch.kind<orchestration>, pto_rt.auto_scope = false} {
  pto_rt.scope auto {
    %e0 = arith.cmpi eq, %a, %b : index
    %e1 = arith.cmpi ne, %a, %b : index
    %e2 = arith.cmpi slt, %a, %b : index
    %e3 = arith.cmpi sle, %a, %b : index
    %e4 = arith.cmpi sgt, %a, %b : index
    %e5 = arith.cmpi sge, %a, %b : index
    %e6 = arith.cmpi ult, %a, %b : index
    %e7 = arith.cmpi ule, %a, %b : index
    %e8 = arith.cmpi ugt, %a, %b : index
    %e9 = arith.cmpi uge, %a, %b : index
    %f0 = arith.cmpf oeq, %x, %y : f32
    %f1 = arith.cmpf ogt, %x, %y : f32
    %f2 = arith.cmpf oge, %x, %y : f32
    %f3 = arith.cmpf olt, %x, %y : f32
    %f4 = arith.cmpf ole, %x, %y : f32
    %f5 = arith.cmpf une, %x, %y : f32
    %o1 = pto_orch.call @cmp(out %o, scalar %e0, scalar %e1, scalar %e2, scalar %e3, scalar %e4, scalar %e5, scalar %e6, scalar %e7, scalar %e8, scalar %e9, scalar %f0, scalar %f1, scalar %f2, scalar %f3, scalar %f4, scalar %f5) : (tensor<4xf32>, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> tensor<4xf32>
    %c4 = arith.constant 4 : index
    %row = arith.muli %a, %c4 : index
    %0 = arith.addi %row, %b : index
    %dead = arith.subi %a, %b : index
    %i0 = arith.subi %0, %row : index
    %i1 = arith.divsi %0, %b : index
    %i2 = arith.remsi %a, %b : index
    %i3 = arith.divui %a, %b : index
    %i4 = arith.remui %a, %b : index
    %i5 = arith.floordivsi %a, %b : index
    %i6 = arith.ceildivsi %a, %b : index
    %i7 = arith.andi %a, %b : index
    %i8 = arith.ori %a, %b : index
    %i9 = arith.xori %a, %b : index
    %i10 = arith.shli %a, %b : index
    %i11 = arith.shrsi %a, %b : index
    %i12 = arith.shrui %a, %b : index
    %i13 = arith.maxsi %a, %b : index
    %i14 = arith.minui %a, %b : index
    %i15 = arith.select %flag, %a, %b : index
    %o2 = pto_orch.call @ints(out %o1, scalar %i0, scalar %i1, scalar %i2, scalar %i3, scalar %i4, scalar %i5, scalar %i6, scalar %i7, scalar %i8, scalar %i9, scalar %i10, scalar %i11, scalar %i12, scalar %i13, scalar %i14, scalar %i15) : (tensor<4xf32>, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> tensor<4xf32>
    %m0 = arith.addf %x, %y : f32
    %m1 = arith.negf %x : f32
    %m2 = arith.maxnumf %x, %y : f32
    %m3 = arith.index_cast %a : index to i32
    %m4 = arith.extsi %w : i32 to i64
    %m5 = arith.extf %x : f32 to f64
    %m6 = arith.sitofp %w : i32 to f32
    %m7 = arith.fptosi %y : f32 to i32
    %m8 = arith.index_cast %m7 : i32 to index
    %m9 = arith.divf %m0, %m0 : f32
    %m10 = arith.extui %w : i32 to i64
    %o3 = pto_orch.call @mixed(out %o2, scalar %m0, scalar %m1, scalar %m2, scalar %m3, scalar %m4, scalar %m5, scalar %m6, scalar %m8, scalar %row, scalar %m9, scalar %m10) : (tensor<4xf32>, f32, f32, f32, i32, i64, f64, f32, index, index, f32, i64) -> tensor<4xf32>
  }
  func.return
}

// CHECK:void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
// CHECK-NEXT:    // External tensors
// CHECK-NEXT:    Tensor ext_o = from_tensor_arg(orch_args.tensor(0));
// CHECK-EMPTY:
// CHECK-NEXT:    // Scalar parameters
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } a_conv;
// CHECK-NEXT:    a_conv.u64 = orch_args.scalar(0);
// CHECK-NEXT:    int64_t a = a_conv.val;
// CHECK-NEXT:    union { uint64_t u64; int64_t val; } b_conv;
// CHECK-NEXT:    b_conv.u64 = orch_args.scalar(1);
// CHECK-NEXT:    int64_t b = b_conv.val;
// CHECK-NEXT:    union { uint64_t u64; float val; } x_conv;
// CHECK-NEXT:    x_conv.u64 = orch_args.scalar(2);
// CHECK-NEXT:    float x = x_conv.val;
// CHECK-NEXT:    union { uint64_t u64; float val; } y_conv;
// CHECK-NEXT:    y_conv.u64 = orch_args.scalar(3);
// CHECK-NEXT:    float y = y_conv.val;
// CHECK-NEXT:    union { uint64_t u64; int32_t val; } w_conv;
// CHECK-NEXT:    w_conv.u64 = orch_args.scalar(4);
// CHECK-NEXT:    int32_t w = w_conv.val;
// CHECK-NEXT:    union { uint64_t u64; bool val; } flag_conv;
// CHECK-NEXT:    flag_conv.u64 = orch_args.scalar(5);
// CHECK-NEXT:    bool flag = flag_conv.val;
// CHECK-EMPTY:
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:        // Task 0: cmp
// CHECK-NEXT:        Arg params_t0;
// CHECK-NEXT:        params_t0.add_output(ext_o);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(a == b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(a != b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(a < b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(a <= b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(a > b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(a >= b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((uint64_t)a < (uint64_t)b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((uint64_t)a <= (uint64_t)b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((uint64_t)a > (uint64_t)b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((uint64_t)a >= (uint64_t)b));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(x == y));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(x > y));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(x >= y));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(x < y));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(x <= y));
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)(x != y));
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-EMPTY:
// CHECK-NEXT:        int64_t row = (int64_t)((uint64_t)a * 4);
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 1: ints
// CHECK-NEXT:        Arg params_t1;
// CHECK-NEXT:        params_t1.add_output(ext_o);
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((int64_t)(((uint64_t)row + (uint64_t)b) - (uint64_t)row)));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)arith_divsi_i64((int64_t)((uint64_t)row + (uint64_t)b), b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)arith_remsi_i64(a, b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)arith_divui_i64(a, b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)arith_remui_i64(a, b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)arith_floordivsi_i64(a, b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)arith_ceildivsi_i64(a, b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a & b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a | b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a ^ b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((int64_t)((uint64_t)a << (b & 63))));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(a >> (b & 63)));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((int64_t)((uint64_t)a >> (b & 63))));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)((a > b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(((uint64_t)a < (uint64_t)b) ? a : b));
// CHECK-NEXT:        params_t1.add_scalar((uint64_t)(flag ? a : b));
// CHECK-NEXT:        rt_submit_aiv_task(1, params_t1);
// CHECK-EMPTY:
// CHECK-NEXT:        float m0 = x + y;
// CHECK-EMPTY:
// CHECK-NEXT:        // Task 2: mixed
// CHECK-NEXT:        Arg params_t2;
// CHECK-NEXT:        params_t2.add_output(ext_o);
// CHECK-NEXT:        params_t2.add_scalar(to_u64(m0));
// CHECK-NEXT:        params_t2.add_scalar(to_u64(-x));
// CHECK-NEXT:        params_t2.add_scalar(to_u64(arith_maxnumf_f32(x, y)));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((int32_t)a));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((int64_t)w));
// CHECK-NEXT:        params_t2.add_scalar(to_u64((double)x));
// CHECK-NEXT:        params_t2.add_scalar(to_u64((float)w));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((int64_t)arith_fptosi_f32_i32(y)));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)row);
// CHECK-NEXT:        params_t2.add_scalar(to_u64(m0 / m0));
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((int64_t)(uint32_t)w));
// CHECK-NEXT:        rt_submit_aiv_task(2, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:}  // extern "C"
