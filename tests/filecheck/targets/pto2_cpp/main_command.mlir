// The main job end to end: `pypto-opt -p pto2-pipeline -t pto2-cpp examples/orch_basic.mlir`
// prints the complete orch_basic example (README) byte for byte (the passes fill in the
// call-site directions, the body's PTO2_SCOPE and the auto-scope flag; the printer maps them).
// RUN: pypto-opt -p pto2-pipeline -t pto2-cpp %examples/orch_basic.mlir | diff - %support/examples/orch_basic_expected.cpp
