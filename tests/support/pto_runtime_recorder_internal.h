// pto_runtime_recorder_internal.h — the recorder's records, shared by its two translation units
// (pto_runtime_recorder.cpp: the API; pto_runtime_recorder_json.cpp: the JSON writer). Test-only.

#ifndef PYPTO_TESTS_SUPPORT_PTO_RUNTIME_RECORDER_INTERNAL_H_
#define PYPTO_TESTS_SUPPORT_PTO_RUNTIME_RECORDER_INTERNAL_H_

#include <stdio.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "pto_orchestration_api.h"

namespace pto2rec {

// ----------------------------------------------------------------------------------------------
// Records
// ----------------------------------------------------------------------------------------------

struct TensorDesc {
    int buffer = -1;  // -1: not a buffer the recorder knows
    uint64_t offset = 0;
    std::vector<uint32_t> shape;
    std::vector<uint32_t> strides;
    DataType dtype = DataType::FLOAT32;
};

struct ArgRec {
    TensorArgType tag;
    TensorDesc tensor;
};

struct TaskRec {
    int id = 0;
    int seq = 0;
    std::string kind;  // aic | aiv | mixed | dummy | alloc
    std::string api;   // the entry point that submitted it
    MixedKernels kernels;
    int scope = -1;
    bool in_manual = false;
    std::string file;
    int line = 0;
    std::vector<ArgRec> args;
    std::vector<uint64_t> scalars;
    std::vector<int> deps;
    std::vector<int> outputs;  // buffer ids this task allocated
};

struct BufferRec {
    int id = 0;
    std::string kind;  // arg | alloc | output
    int arg_index = -1;
    int task = -1;
    int scope = -1;
    DataType dtype = DataType::FLOAT32;
    std::vector<uint32_t> shape;
    uint64_t base = 0;
    uint64_t nbytes = 0;
    std::unique_ptr<unsigned char[]> storage;  // recorder-owned memory (alloc / output)
};

struct ScopeRec {
    int id = 0;
    PTO2ScopeMode mode = PTO2ScopeMode::AUTO;
    int parent = -1;
    std::string file;
    int line = 0;
    bool rejected = false;  // AUTO inside MANUAL: the runtime refuses to open it
    std::vector<int> children;
    std::vector<int> tasks;
    std::vector<Tensor *> owned_outputs;  // freed at scope exit
};

struct AccessRec {
    std::string kind;  // read | write
    int seq = 0;
    TensorDesc tensor;
    std::vector<uint32_t> indices;
    uint64_t bits = 0;
    int scope = -1;
    bool in_manual = false;
    std::string file;
    int line = 0;
};

struct ErrorRec {
    std::string kind;
    std::string message;
    std::string file;
    int line = 0;
    int task = -1;
    int scope = -1;
};

struct Recorder {
    std::vector<TaskRec> tasks;
    std::vector<std::unique_ptr<BufferRec>> buffers;
    std::map<uint64_t, int> buffer_by_base;
    std::vector<ScopeRec> scopes;
    std::vector<int> scope_stack;
    std::vector<int> root_scopes;
    std::vector<AccessRec> accesses;
    std::vector<ErrorRec> errors;
    std::vector<Tensor *> unscoped_outputs;  // outputs created outside any scope
    int next_seq = 0;
    int expected_arg_count = -1;
    int arg_count = 0;
    bool fatal = false;
};

Recorder &rec();
const char *tag_name(TensorArgType tag);
std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
// Records a runtime error at file:line (the innermost open scope is attached) and marks the
// run fatal, as the runtime would; recording goes on.
void add_error(const std::string &kind, const std::string &message, const char *file, int line, int task = -1);
// Writes everything recorded as one JSON document (schema: docs/testing.md).
void write_json(FILE *f);

}  // namespace pto2rec

#endif  // PYPTO_TESTS_SUPPORT_PTO_RUNTIME_RECORDER_INTERNAL_H_
