// pto_runtime_recorder_json.cpp — writes the recorder's records as JSON (test-only; schema in
// docs/testing.md). Hand-rolled: the recorder depends on nothing but the C++ standard library.

#include "pto_runtime_recorder_internal.h"

namespace pto2rec {

// ----------------------------------------------------------------------------------------------
// JSON (schema: docs/testing.md)
// ----------------------------------------------------------------------------------------------

std::string q(const std::string &s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            out += format("\\u%04x", c);
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

std::string num(long long v) { return std::to_string(v); }
std::string opt(int v) { return v < 0 ? "null" : std::to_string(v); }
std::string boolean(bool v) { return v ? "true" : "false"; }

template <typename T>
std::string list(const std::vector<T> &v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); i++) out += (i ? ", " : "") + std::to_string(v[i]);
    return out + "]";
}

// One JSON object, built field by field: Fields().add("id", num(3)).add(...).obj().
class Fields {
public:
    Fields &add(const char *key, const std::string &json_value) {
        s_ += (s_.empty() ? "" : ", ") + q(key) + ": " + json_value;
        return *this;
    }
    std::string obj() const { return "{" + s_ + "}"; }

private:
    std::string s_;
};

// A JSON array, one element per line.
template <typename T, typename F>
std::string array(const std::vector<T> &items, F &&render) {
    std::string out = "[";
    for (size_t i = 0; i < items.size(); i++) out += (i ? ",\n  " : "\n  ") + render(items[i]);
    return out + (items.empty() ? "]" : "\n]");
}

std::string tensor_json(const TensorDesc &d) {
    return Fields()
        .add("buffer", opt(d.buffer))
        .add("offset", std::to_string(d.offset))
        .add("shape", list(d.shape))
        .add("strides", list(d.strides))
        .add("dtype", q(get_dtype_name(d.dtype)))
        .obj();
}

std::string task_json(const TaskRec &t) {
    std::string args = "[";
    for (size_t i = 0; i < t.args.size(); i++) {
        args += (i ? ", " : "") +
                Fields().add("dir", q(tag_name(t.args[i].tag))).add("tensor", tensor_json(t.args[i].tensor)).obj();
    }
    args += "]";
    std::string kernels = Fields()
                              .add("aic", num(t.kernels.aic_kernel_id))
                              .add("aiv0", num(t.kernels.aiv0_kernel_id))
                              .add("aiv1", num(t.kernels.aiv1_kernel_id))
                              .obj();
    return Fields()
        .add("id", num(t.id))
        .add("seq", num(t.seq))
        .add("kind", q(t.kind))
        .add("api", q(t.api))
        .add("kernels", kernels)
        .add("scope", opt(t.scope))
        .add("in_manual", boolean(t.in_manual))
        .add("file", q(t.file))
        .add("line", num(t.line))
        .add("args", args)
        .add("scalars", list(t.scalars))
        .add("deps", list(t.deps))
        .add("outputs", list(t.outputs))
        .obj();
}

std::string buffer_json(const std::unique_ptr<BufferRec> &b) {
    return Fields()
        .add("id", num(b->id))
        .add("kind", q(b->kind))
        .add("arg_index", opt(b->arg_index))
        .add("task", opt(b->task))
        .add("scope", opt(b->scope))
        .add("dtype", q(get_dtype_name(b->dtype)))
        .add("shape", list(b->shape))
        .add("nbytes", std::to_string(b->nbytes))
        .obj();
}

std::string scope_json(const ScopeRec &s) {
    return Fields()
        .add("id", num(s.id))
        .add("mode", q(s.mode == PTO2ScopeMode::MANUAL ? "MANUAL" : "AUTO"))
        .add("parent", opt(s.parent))
        .add("rejected", boolean(s.rejected))
        .add("file", q(s.file))
        .add("line", num(s.line))
        .add("children", list(s.children))
        .add("tasks", list(s.tasks))
        .obj();
}

std::string access_json(const AccessRec &a) {
    return Fields()
        .add("kind", q(a.kind))
        .add("seq", num(a.seq))
        .add("tensor", tensor_json(a.tensor))
        .add("indices", list(a.indices))
        .add("bits", std::to_string(a.bits))
        .add("scope", opt(a.scope))
        .add("in_manual", boolean(a.in_manual))
        .add("file", q(a.file))
        .add("line", num(a.line))
        .obj();
}

std::string error_json(const ErrorRec &e) {
    return Fields()
        .add("kind", q(e.kind))
        .add("message", q(e.message))
        .add("file", q(e.file))
        .add("line", num(e.line))
        .add("task", opt(e.task))
        .add("scope", opt(e.scope))
        .obj();
}

void write_json(FILE *f) {
    Recorder &r = rec();
    std::string out = "{\n";
    out += q("expected_arg_count") + ": " + num(r.expected_arg_count) + ",\n";
    out += q("arg_count") + ": " + num(r.arg_count) + ",\n";
    out += q("buffers") + ": " + array(r.buffers, buffer_json) + ",\n";
    out += q("tasks") + ": " + array(r.tasks, task_json) + ",\n";
    out += q("scopes") + ": " + array(r.scopes, scope_json) + ",\n";
    out += q("accesses") + ": " + array(r.accesses, access_json) + ",\n";
    out += q("errors") + ": " + array(r.errors, error_json) + "\n}\n";
    fputs(out.c_str(), f);
}

}  // namespace pto2rec
