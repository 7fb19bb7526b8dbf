"""Host reads and writes in the race report (pypto_dialects/interpreter/races.py,
`find_host_races`): the runtime's get_tensor_data / set_tensor_data wait for the buffer's
creator and recorded writers (a write also for the tasks holding an edge to those), and for
nothing else. Each program states the exact report."""

from __future__ import annotations

import numpy as np

from pypto_dialects.context import make_context
from pypto_dialects.interpreter import run_function
from pypto_dialects.parsing import parse_module

T = "tensor<16xf32>"
HEAD = (
    f"pto_orch.kernel @peek aiv (in {T}, out {T}) -> {T}\n"
    f"pto_orch.kernel @bump aiv (inout {T}) -> {T}\n"
    f"func.func @f(%y: {T} {{pto_orch.dir = #pto_orch.dir<inout>}}, "
    f"%z: {T} {{pto_orch.dir = #pto_orch.dir<out>}}) "
    "attributes {pto_orch.kind = #pto_orch.kind<orchestration>} {\n"
    "  %c0 = arith.constant 0 : index\n  %one = arith.constant 1.0 : f32\n"
)
KERNELS = {"peek": lambda y, z: y + np.float32(1), "bump": lambda y: y + np.float32(1)}
WAIT = ("and the runtime does not wait for that task before the access (it waits for the "
        "buffer's creator and recorded writers, and for a write their consumers)")


def run(body: str) -> list[str]:
    text = HEAD + body + "\n  func.return\n}\n"
    module = parse_module(make_context(), text, "h.mlir")
    result = run_function(module, "f", {"y": np.zeros(16, np.float32)}, KERNELS)
    return [r.diagnostic() for r in result.host_races()]


def test_a_host_write_after_an_input_reader_races() -> None:
    # the reader of %y is recorded nowhere: set_tensor_data does not wait for it
    assert run(f"""
  %z1 = pto_orch.call @peek(in %y, out %z) : ({T}, {T}) -> {T}
  %y2 = pto_tensor.write %one, %y[%c0] : f32, {T}""") == [
        "h.mlir:8:3: error: 'pto_tensor.write' op WAR race on %y: the host writes %y[0:1], "
        f"read by task 0 (@peek) at h.mlir:7:3 (%y), {WAIT}"
    ]


def test_a_host_write_after_an_inout_user_waits() -> None:
    # the inout user is %y's recorded writer: the write waits for it
    assert run(f"""
  %y1 = pto_orch.call @bump(inout %y) : ({T}) -> {T}
  %y2 = pto_tensor.write %one, %y1[%c0] : f32, {T}""") == []


def test_a_host_read_after_a_writer_waits() -> None:
    assert run(f"""
  %z1 = pto_orch.call @peek(in %y, out %z) : ({T}, {T}) -> {T}
  %v = pto_tensor.read %z1[%c0] : {T} -> f32""") == []


def test_a_host_read_after_a_manual_writer_races() -> None:
    # a manual task's write is not in the tensor map: get_tensor_data does not wait for it
    assert run(f"""
  %z2 = pto_rt.scope manual -> ({T}) {{
    %none = pto_system.task_invalid
    %z1, %t = pto_orch.submit @peek(in %y, out %z) deps(%none : !pto_orch.task_id) : ({T}, {T}) -> {T}
    pto_rt.yield %z1 : {T}
  }}
  %v = pto_tensor.read %z2[%c0] : {T} -> f32""") == [
        "h.mlir:12:3: error: 'pto_tensor.read' op RAW race on %z: the host reads %z[0:1], "
        f"written by task 0 (@peek) at h.mlir:9:5 (%z), {WAIT}"
    ]


def test_a_host_write_waits_for_the_readers_of_a_created_buffer() -> None:
    # the reader retains the buffer's creator; set_tensor_data waits for the consumers of the
    # creator while the creator's scope is open (here the function's)
    assert run(f"""
  %t = pto_tensor.create : {T}
  %t1 = pto_orch.call @peek(in %y, out %t) : ({T}, {T}) -> {T}
  %z1 = pto_orch.call @peek(in %t1, out %z) : ({T}, {T}) -> {T}
  %t2 = pto_tensor.write %one, %t1[%c0] : f32, {T}""") == []


def test_only_the_overlapping_elements_race() -> None:
    text = HEAD.replace(
        f"pto_orch.kernel @bump aiv (inout {T}) -> {T}\n",
        "pto_orch.kernel @half aiv (in tensor<8xf32>, out tensor<8xf32>) -> tensor<8xf32>\n",
    ) + """
  %c8 = arith.constant 8 : index
  %h = pto_tensor.slice %y[%c8] : tensor<16xf32> to tensor<8xf32>
  %s = pto_tensor.create : tensor<8xf32>
  %s1 = pto_orch.call @half(in %h, out %s) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %y2 = pto_tensor.write %one, %y[%c0] : f32, tensor<16xf32>
  %y3 = pto_tensor.write %one, %y[%c8] : f32, tensor<16xf32>
  func.return
}
"""
    module = parse_module(make_context(), text, "h.mlir")
    kernels = {"half": lambda h, s: h, "peek": KERNELS["peek"]}
    result = run_function(module, "f", {"y": np.zeros(16, np.float32)}, kernels)
    races = [r.diagnostic() for r in result.host_races()]
    # element 0 is not read by the task; element 8 is
    assert races == [
        "h.mlir:12:3: error: 'pto_tensor.write' op WAR race on %y: the host writes %y[8:9], "
        f"read by task 1 (@half) at h.mlir:10:3 (%y[8:16]), {WAIT}"
    ]
