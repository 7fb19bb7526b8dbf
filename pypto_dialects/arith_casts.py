"""`arith.index_castui`, which xDSL 0.75's arith dialect lacks, and the arith dialect this
project registers (xDSL's ops and attributes plus this one).

MLIR's op: `%r = arith.index_castui %x : i32 to index` casts between a signless integer and
`index`, zero-extending to a wider type and truncating to a narrower one (`arith.index_cast`
sign-extends). The C++ target prints it as `arith.extui` / `arith.trunci` of those widths
(targets/pto2_cpp/arith_ops.py), the interpreter runs it the same way
(interpreter/arith.py); `index` is 64 bits in both. docs/targets/pto2-cpp.md#scalar-arithmetic.
"""

from __future__ import annotations

from xdsl.dialects.arith import Arith
from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import IRDLOperation, base, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class IndexCastUIOp(IRDLOperation):
    """`arith.index_castui`: an unsigned cast between a signless integer and `index`.

    Syntax: `%r = arith.index_castui %x : i32 to index`
    C++: zero-extension (`(int64_t)(uint32_t)x`) to a wider type, truncation to a narrower one,
    the value itself between `index` and i64.
    Verifier: exactly one of the operand and result types is `index` (MLIR's message).
    """

    name = "arith.index_castui"

    input = operand_def(base(IntegerType) | base(IndexType))
    result = result_def(base(IntegerType) | base(IndexType))

    traits = traits_def(Pure())

    assembly_format = "$input attr-dict `:` type($input) `to` type($result)"

    def __init__(self, input_arg: SSAValue | Operation, target_type: Attribute):
        super().__init__(operands=[input_arg], result_types=[target_type])

    def verify_(self) -> None:
        if isinstance(self.input.type, IndexType) == isinstance(self.result.type, IndexType):
            raise VerifyException(
                f"operand type '{self.input.type}' and result type '{self.result.type}' are "
                "cast incompatible"
            )


def arith_dialect() -> Dialect:
    """xDSL's arith dialect with `arith.index_castui` added (a new Dialect object: xDSL's is
    left as it is)."""
    return Dialect(
        Arith.name, [*Arith.operations, IndexCastUIOp], list(Arith.attributes)
    )
