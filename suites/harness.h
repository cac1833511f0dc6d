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
// Registers `body(op)` as test `<suite>/<op>.cpu.<tag>`.
void register_per_op(const std::string& suite, const std::string& tag, std::function<bool(const OpInfo&)> want,
                     std::function<void(const OpInfo&)> body);

// The failure report: op, variant, dtype, inputs, both outcomes, the difference, the NumPy call.
std::string report(const Case& c, const Outcome& got, const Outcome& want, const Verdict& v);

// Runs `c` on the engine and NumPy and fails the test on a mismatch, unless the op declares a
// `differs` discrepancy for this suite, dtype and sample (then it prints it). Returns the verdict.
Verdict check_against_numpy(const std::string& suite, const Case& c, DType d);

// True (and prints the reason) when the op declares a skip for this suite and dtype.
bool skipped(const OpInfo& op, const std::string& suite, DType d, const std::string& note = "");

}  // namespace parity::suites
