// Hand-written fixture for the execution check: an AUTO scope nested inside a MANUAL scope,
// which the runtime rejects ("auto scope nested inside manual scope is not supported"). It
// compiles; the recorder must flag it.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "pto_orchestration_api.h"

extern "C" {

__attribute__((visibility("default")))
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
    (void)orch_args;
    return PTO2OrchestrationConfig{ .expected_arg_count = 1 };
}

__attribute__((visibility("default")))
void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
    Tensor ext_x = from_tensor_arg(orch_args.tensor(0));
    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
        for (int64_t i = 0; i < 2; i += 1) {
            PTO2_SCOPE() {
                Arg params_t0;
                params_t0.add_inout(ext_x);
                rt_submit_aiv_task(0, params_t0);
            }
        }
    }
}

}  // extern "C"
