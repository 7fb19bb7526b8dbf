"""C++ names and values of the pto2-cpp printer: `hint_of`, `NameTable` (identifiers),
`Expr` / `Binding` (a value's C++ text / a declared variable: identity compares these
objects, never strings) and `CppBlock` (one `{ ... }`; a binding is usable while it is open).

Naming rules: docs/targets/pto2-cpp.md#names.
"""

from __future__ import annotations

import re

from xdsl.ir import SSAValue

from pypto_dialects.parsing import source_name


def hint_of(value: SSAValue) -> str | None:
    """The name `value` is printed after: the user's spelling (`%out_1` -> `out_1`), else
    its name hint, else None."""
    return source_name(value)

CPP_KEYWORDS = frozenset(
    """
    alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t
    char16_t char32_t class compl concept const consteval constexpr constinit const_cast
    continue co_await co_return co_yield decltype default delete do double dynamic_cast else
    enum explicit export extern false float for friend goto if inline int long mutable
    namespace new noexcept not not_eq nullptr operator or or_eq private protected public
    register reinterpret_cast requires return short signed sizeof static static_assert
    static_cast struct switch template this thread_local throw true try typedef typeid
    typename union unsigned using virtual void volatile wchar_t while xor xor_eq
    final override import module
    """.split()
)
"""C++ keywords (C++20, plus the contextual ones a reader would trip over)."""

RUNTIME_NAMES = frozenset(
    """
    orch_args Tensor TensorCreateInfo TaskOutputTensors Arg ChipStorageTaskArgs
    ContinuousTensor MixedKernels PTO2TaskId PTO2ScopeMode PTO2ScopeGuard DataType
    PTO2OrchestrationConfig TensorArgType PTOBufferHandle INVALID_KERNEL_ID
    alloc_tensors from_tensor_arg make_tensor_external get_tensor_data
    set_tensor_data to_u64 from_u64 rt_submit_task rt_submit_aic_task rt_submit_aiv_task
    rt_submit_dummy_task rt_scope_begin rt_scope_end rt_is_fatal get_element_size
    get_dtype_name aicpu_orchestration_config aicpu_orchestration_entry
    int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t size_t intptr_t
    uintptr_t ptrdiff_t std printf main
    ChipTensor ChipTaskArgs CoreTaskArgs TensorRef DepFlags DEP_NONE DEP_WAIT DEP_RETAIN
    """.split()
)
"""Identifiers the emitted file names: the runtime API's types and functions the printer
prints in either API generation (generation.py: the last line is the current generation's,
with the edge kinds its `wait-only-edges` option prints; reserved in both, so a value's name
does not depend on the generation or the option), and the C names it uses. A declared
function or type the file never names (the runtime's `current_runtime`,
`framework_bind_runtime`) may be hidden by a local variable: the runtime's inline functions
see their own namespace scope, and the macros the file uses (`PTO2_SCOPE`) expand to names
of this list only, so such a user name is kept."""

# The names the runtime's headers define as macros (docs/targets/pto2-cpp.md#names). A macro
# is replaced wherever its name appears: a local variable named after an object-like one does
# not compile (`float errno = ...`, `const Tensor& PTO2_HEAP_SIZE = ...`), and one named after
# a function-like one breaks as soon as `(` follows it. Groups, by where they come from
# (docs/runtime-api.md topic 2.4, "Names the header takes", both API generations; the
# library groups are what the runtime header's includes define on glibc, as our model header
# tests/support/pto2_model/seed/pto_orchestration_api.h defines them too):
HEADER_MACRO_PREFIXES = (
    # the runtime's own headers (pto_runtime2_types.h, pto_constants.h, the orchestration
    # header): every PTO2_* constant and macro (PTO2_HEAP_SIZE, PTO2_ERROR_*, PTO2_PROFILING,
    # PTO2_STALL_DETAIL_*, PTO2_SCOPE), PTO_DEVICE_FUNC / PTO_PRAGMA, the completion and
    # message constants, the current generation's SIMPLER_*, and the LOG_* macros
    "PTO2_", "PTO_", "COMPLETION_ENGINE_", "COMPLETION_TYPE_", "MSG_KIND_",
    "AICORE_COMPLETION_MAILBOX_", "SIMPLER_", "LOG_",
    # <sched.h>: CLONE_* flags, CPU_* set macros, SCHED_* policies
    "CLONE_", "CPU_", "SCHED_",
    # <sys/select.h>: FD_SETSIZE, FD_SET, FD_CLR, FD_ISSET, FD_ZERO (and NFDBITS, below)
    "FD_",
    # <signal.h> (through <sys/wait.h>): handler values, sigevent, sigaction and siginfo codes,
    # alternate stacks, the ucontext registers
    "SIG_", "SIGEV_", "SA_", "SI_", "SS_", "BUS_", "CLD_", "FPE_", "ILL_", "SEGV_", "TRAP_",
    "POLL_", "REG_", "FP_XSTATE_",
    # <stdio.h> / <unistd.h> / <locale.h> (through <stdlib.h>): SEEK_*, RENAME_*,
    # CLOSE_RANGE_*, LC_*
    "SEEK_", "RENAME_", "CLOSE_RANGE_", "LC_",
)
HEADER_MACROS = frozenset(
    # the runtime's own headers: the task limits (MAX_TENSOR_ARGS, MAX_SCALAR_ARGS and their
    # core / chip / dims relatives) and its helper macros
    """
    MAX_TENSOR_ARGS MAX_SCALAR_ARGS RUNTIME_MAX_TENSOR_DIMS CORE_MAX_TENSOR_ARGS
    CORE_MAX_SCALAR_ARGS CHIP_MAX_TENSOR_ARGS CHIP_MAX_SCALAR_ARGS CONTINUOUS_TENSOR_MAX_DIMS
    SPIN_WAIT_HINT always_assert debug_assert MAYBE_UNINITIALIZED_BEGIN
    MAYBE_UNINITIALIZED_END rt_report_fatal pto2_rt_report_fatal
    """
    # <errno.h>: errno and every E* error number
    """
    errno E2BIG EACCES EADDRINUSE EADDRNOTAVAIL EADV EAFNOSUPPORT EAGAIN EALREADY EBADE EBADF
    EBADFD EBADMSG EBADR EBADRQC EBADSLT EBFONT EBUSY ECANCELED ECHILD ECHRNG ECOMM
    ECONNABORTED ECONNREFUSED ECONNRESET EDEADLK EDEADLOCK EDESTADDRREQ EDOM EDOTDOT EDQUOT
    EEXIST EFAULT EFBIG EHOSTDOWN EHOSTUNREACH EHWPOISON EIDRM EILSEQ EINPROGRESS EINTR EINVAL
    EIO EISCONN EISDIR EISNAM EKEYEXPIRED EKEYREJECTED EKEYREVOKED EL2HLT EL2NSYNC EL3HLT
    EL3RST ELIBACC ELIBBAD ELIBEXEC ELIBMAX ELIBSCN ELNRNG ELOOP EMEDIUMTYPE EMFILE EMLINK
    EMSGSIZE EMULTIHOP ENAMETOOLONG ENAVAIL ENETDOWN ENETRESET ENETUNREACH ENFILE ENOANO
    ENOBUFS ENOCSI ENODATA ENODEV ENOENT ENOEXEC ENOKEY ENOLCK ENOLINK ENOMEDIUM ENOMEM ENOMSG
    ENONET ENOPKG ENOPROTOOPT ENOSPC ENOSR ENOSTR ENOSYS ENOTBLK ENOTCONN ENOTDIR ENOTEMPTY
    ENOTNAM ENOTRECOVERABLE ENOTSOCK ENOTSUP ENOTTY ENOTUNIQ ENXIO EOPNOTSUPP EOVERFLOW
    EOWNERDEAD EPERM EPFNOSUPPORT EPIPE EPROTO EPROTONOSUPPORT EPROTOTYPE ERANGE EREMCHG
    EREMOTE EREMOTEIO ERESTART ERFKILL EROFS ESHUTDOWN ESOCKTNOSUPPORT ESPIPE ESRCH ESRMNT
    ESTALE ESTRPIPE ETIME ETIMEDOUT ETOOMANYREFS ETXTBSY EUCLEAN EUNATCH EUSERS EWOULDBLOCK
    EXDEV EXFULL
    """
    # <endian.h>: the byte orders and the conversion macros
    """
    BIG_ENDIAN LITTLE_ENDIAN PDP_ENDIAN BYTE_ORDER htobe16 htobe32 htobe64 htole16 htole32
    htole64 be16toh be32toh be64toh le16toh le32toh le64toh
    """
    # <sys/wait.h>: the W* options and status macros
    """
    WNOHANG WUNTRACED WCONTINUED WEXITED WSTOPPED WNOWAIT WCOREFLAG WAIT_ANY WAIT_MYPGRP
    WEXITSTATUS WIFEXITED WIFSIGNALED WIFSTOPPED WIFCONTINUED WSTOPSIG WTERMSIG WCOREDUMP
    W_EXITCODE W_STOPCODE
    """
    # <signal.h> (through <sys/wait.h>): the signals, sizes, and the member macros of
    # siginfo_t / sigaction / sigevent / sched_param (<sched.h>)
    """
    SIGABRT SIGALRM SIGBUS SIGCHLD SIGCLD SIGCONT SIGFPE SIGHUP SIGILL SIGINT SIGIO SIGIOT
    SIGKILL SIGPIPE SIGPOLL SIGPROF SIGPWR SIGQUIT SIGRTMAX SIGRTMIN SIGSEGV SIGSTKFLT SIGSTOP
    SIGSYS SIGTERM SIGTRAP SIGTSTP SIGTTIN SIGTTOU SIGURG SIGUSR1 SIGUSR2 SIGVTALRM SIGWINCH
    SIGXCPU SIGXFSZ SIGSTKSZ MINSIGSTKSZ NSIG NGREG CSIGNAL sigmask sa_handler sa_sigaction
    si_addr si_addr_lsb si_arch si_band si_call_addr si_fd si_int si_lower si_overrun si_pid
    si_pkey si_ptr si_status si_stime si_syscall si_timerid si_uid si_upper si_utime si_value
    sigev_notify_attributes sigev_notify_function sched_priority
    """
    # <stdio.h>, <stdlib.h>, <string.h>, <stddef.h> and the <unistd.h> bits <stdlib.h> pulls in
    """
    NULL offsetof EOF BUFSIZ FILENAME_MAX FOPEN_MAX TMP_MAX L_tmpnam L_ctermid L_cuserid
    P_tmpdir stdin stdout stderr EXIT_SUCCESS EXIT_FAILURE RAND_MAX MB_CUR_MAX alloca strdupa
    strndupa R_OK W_OK X_OK F_OK F_LOCK F_ULOCK F_TLOCK F_TEST L_SET L_INCR L_XTND
    STDIN_FILENO STDOUT_FILENO STDERR_FILENO TEMP_FAILURE_RETRY
    """
    # <sys/select.h>
    """
    NFDBITS
    """.split()
)
_HEADER_MACRO_PATTERN = re.compile(
    # <stdint.h>: the limits and the constant macros of the integer types
    r"U?INT(8|16|32|64|MAX|PTR|_FAST(8|16|32|64)|_LEAST(8|16|32|64))_(MAX|MIN|WIDTH)"
    r"|U?INT(8|16|32|64|MAX)_C|(PTRDIFF|SIZE|WCHAR|WINT|SIG_ATOMIC)_(MAX|MIN|WIDTH)|WEOF"
    # include guards of the headers (`X_H`, `X_H_`)
    r"|[A-Z][A-Z0-9_]*_H_?"
)


_MACRO_CASE = re.compile(r"[A-Z][A-Z0-9_]*")
"""The spelling of the family members: upper case (`PTO2_HEAP_SIZE`, `CLONE_VM`), so a name
built from one (`PTO2_HEAP_SIZE_conv`, `CLONE_VM_shapes`) is no member."""


def is_header_macro(name: str) -> bool:
    """Whether the runtime's headers (or the library headers they include) define `name` as
    a macro, or it is an upper-case member of one of the macro families above."""
    if name in HEADER_MACROS:
        return True
    return _MACRO_CASE.fullmatch(name) is not None and (
        name.startswith(HEADER_MACRO_PREFIXES)
        or _HEADER_MACRO_PATTERN.fullmatch(name) is not None
    )


_NUMBERED = re.compile(
    r"(params_t|alloc_|mixed_|task_)[0-9]+(_deps|_deps_count|_deps_kinds|_tid|_outs)?"
)
"""The printer's numbered names (spec naming table), with the suffixes of the TaskId part
(`params_t0_deps`, `params_t0_deps_count`, `params_t0_deps_kinds`, `alloc_0_tid`,
`task_0_outs`)."""

_ARITH_HELPER = re.compile(r"arith_[a-z]+_(i1|i8|i16|i32|i64|f32|f64)(_(i1|i8|i16|i32|i64))?")
"""The names of the printer's arith helper functions (`arith_divsi_i64`, `arith_fptosi_f32_i8`,
arith_ops.py), file-scope functions a local variable must not hide."""

_INVALID = re.compile(r"[^A-Za-z0-9_]")
_UNDERSCORES = re.compile(r"_+")
_CLEAN = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*")
"""A valid identifier without `__` or a leading or trailing `_`, starting with a letter:
a hint `sanitize` keeps as it is (unless it is reserved)."""


def is_reserved(name: str) -> bool:
    """Whether a variable of the emitted file must not be called `name`: a C++ keyword, an
    identifier the file names, a macro of the runtime's headers, or a numbered name or arith
    helper of the printer."""
    return (
        name in CPP_KEYWORDS
        or name in RUNTIME_NAMES
        or is_header_macro(name)
        or _NUMBERED.fullmatch(name) is not None
        or _ARITH_HELPER.fullmatch(name) is not None
    )


def sanitize(hint: str) -> str:
    """`hint` as a C++ identifier of our own: valid, without `__` or a leading `_`, and, when
    it is reserved (`is_reserved`), with a trailing `_` (the rules:
    docs/targets/pto2-cpp.md#names)."""
    if _CLEAN.fullmatch(hint) is not None:
        name = hint  # (what the steps below leave as it is: the usual SSA name)
    else:
        name = _UNDERSCORES.sub("_", _INVALID.sub("_", hint)).strip("_")
        if not name:
            return "v"
        if name[0].isdigit():
            name = "v" + name
    if is_reserved(name):
        name += "_"
    return name


class NameTable:
    """The identifiers of one emitted function (everything lives in one C++ function, so one
    table). Cost: O(1) amortized per name."""

    def __init__(self) -> None:
        self._taken: set[str] = set()
        self._next: dict[str, int] = {}
        self._sanitized: dict[str, str] = {}

    def sanitized(self, hint: str) -> str:
        """`sanitize(hint)`, each hint worked out once per function (the loop-name hints
        and `fresh` ask for the same SSA names)."""
        name = self._sanitized.get(hint)
        if name is None:
            name = self._sanitized[hint] = sanitize(hint)
        return name

    def _free(self, name: str) -> bool:
        return (name not in self._taken and not _NUMBERED.fullmatch(name)
                and not _ARITH_HELPER.fullmatch(name))

    def fresh(self, hint: str | None, default: str) -> str:
        """A new identifier from an SSA name hint (or `default` without one), made safe by
        `sanitize` and distinct by a number (`t`, `t_1`; `new_`, `new_1`)."""
        base = self.sanitized(hint or default)
        if self._free(base):
            self._taken.add(base)
            return base
        sep = "" if base.endswith("_") else "_"
        n = self._next.get(base, 1)
        while not self._free(f"{base}{sep}{n}"):
            n += 1
        self._next[base] = n + 1
        name = f"{base}{sep}{n}"
        self._taken.add(name)
        return name

    def numbered(self, name: str) -> str:
        """Take one of the printer's numbered names (`params_t3`, `alloc_0`, ...) exactly."""
        assert name not in self._taken, name
        self._taken.add(name)
        return name


class CppBlock:
    """One `{ ... }` block of the emitted C++; `open` until its closing brace is printed."""

    __slots__ = ("open", "parent")

    def __init__(self, parent: CppBlock | None) -> None:
        self.open = True
        self.parent = parent


class Expr:
    """C++ text of a value. `compound` texts are wrapped in parentheses where they are an
    operand (`paren`); `text` is used where the whole statement context is unambiguous (the
    right-hand side of `=`, an `if` condition). `deps` are the bindings the text names."""

    __slots__ = ("compound", "deps", "text")

    def __init__(self, text: str, compound: bool = False, deps: tuple[Binding, ...] = ()) -> None:
        self.text = text
        self.compound = compound
        self.deps = deps

    @property
    def paren(self) -> str:
        return f"({self.text})" if self.compound else self.text

    def __repr__(self) -> str:
        return f"Expr({self.text!r})"


class Binding(Expr):
    """A declared C++ variable (or one of the entry function's parameters): its name, its C++
    type and the block that declares it."""

    __slots__ = ("block", "ctype", "used")

    def __init__(self, name: str, ctype: str, block: CppBlock) -> None:
        super().__init__(name)
        self.deps = (self,)
        self.ctype = ctype
        self.block = block
        self.used = False  # set when printed text names it (FunctionPrinter.use)

    @property
    def name(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Binding({self.text!r})"
