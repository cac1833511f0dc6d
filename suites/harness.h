#pragma once
// Shared machinery of the generated suites: registration per op x device x dtype (test names
// like NumpyRef/sin.cpu.float32), the executors, and failure messages that print the case.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "parity/numpy_executor.h"
#include "parity/opinfo.h"

namespace parity::suites {

using opinfo::Discrepancy;
using opinfo::OpInfo;

EngineExecutor& engine();
NumpyExecutor& numpy();

// Registers `body(op, dtype)` as test `<suite>/<op>.cpu.<dtype>` for every op (that `want`
// accepts) and every dtype the op claims on the CPU (or every dtype, when all_dtypes).
void register_per_dtype(const std::string& suite, std::function<bool(const OpInfo&)> want,
                        std::function<void(const OpInfo&, DType)> body, bool all_dtypes = false);
// The same on every device: `body(op, dtype, device)` as `<suite>/<op>.cpu.<dtype>` and, when a
// GPU is present (cuda_device_count() > 0), as `<suite>/<op>.cuda.<dtype>` for each dtype in the
// op's dtypes_cuda. Without a GPU those are counted, not registered: cuda_tests_line() says so.
void register_per_dtype_and_device(const std::string& suite, std::function<bool(const OpInfo&)> want,
                                   std::function<void(const OpInfo&, DType, Device)> body);
// The one line the suites binary prints about its CUDA tests: "N CUDA tests not run: no CUDA
// device", "CUDA tests not run: Parity built without CUDA", or "N CUDA tests on cuda:0 (...)";
// N counts the tests that the --gtest_filter selects.
std::string cuda_tests_line();
std::string cuda_tests_line(bool built, int gpus, size_t n, const std::string& gpu_name = "");
// gtest's --gtest_filter syntax (POS[:POS...][-NEG[:NEG...]], * and ? wildcards) on a full test name.
bool filter_matches(const std::string& filter, const std::string& full_name);

// Registers `body(op)` as test `<suite>/<op>.cpu.<tag>`.
void register_per_op(const std::string& suite, const std::string& tag, std::function<bool(const OpInfo&)> want,
                     std::function<void(const OpInfo&)> body);

// The failure report: op, variant, dtype, inputs, both outcomes, the difference, the NumPy call.
std::string report(const Case& c, const Outcome& got, const Outcome& want, const Verdict& v);

// Runs `c` on the engine and NumPy and fails the test on a mismatch, unless the op declares a
// `differs` discrepancy for this suite, dtype and sample (then it prints it). Returns the verdict.
// A case on a GPU (Case::device) is also compared with the engine's CPU result: a difference
// beyond the op's tolerance fails as a Mismatch::device of its own.
Verdict check_against_numpy(const std::string& suite, const Case& c, DType d);

// As above, and hands back the engine's outcome (for suites that compare it with another run).
Verdict check_against_numpy(const std::string& suite, const Case& c, DType d, Outcome* engine_outcome);

// The failure report for two runs of the engine (e.g. contiguous vs transposed input, method vs
// function): op, dtype, both cases' inputs, both outcomes and the largest difference.
std::string report_pair(const Case& got_case, const Outcome& got, const std::string& got_label,
                        const Case& want_case, const Outcome& want, const std::string& want_label,
                        const Verdict& v);
// An outcome holding the given tensors (to compare a tensor written in place against a result).
Outcome outcome_of(std::vector<Tensor> values);
// Prints a skip that no entry declares (the check does not apply), with its reason.
void print_skip(const OpInfo& op, const std::string& what, const std::string& reason);

// True (and prints the reason) when the op declares a skip for this suite and dtype.
bool skipped(const OpInfo& op, const std::string& suite, DType d, const std::string& note = "");

}  // namespace parity::suites
