// The database itself: complete (every engine op has an entry), well formed, and its generated
// documents committed up to date.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "parity/op_names.h"
#include "parity/opdocs.h"
#include "parity/opinfo.h"

using namespace parity;
using namespace parity::opinfo;

TEST(OpDb, EveryEngineOpHasAnEntry) {
  for (const auto& n : engine_op_names()) EXPECT_NE(find_op(n), nullptr) << "engine op '" << n << "' has no OpInfo entry";
}

TEST(OpDb, EveryEntryIsAnEngineOp) {
  std::set<std::string> names(engine_op_names().begin(), engine_op_names().end());
  for (const auto& op : op_db()) EXPECT_TRUE(names.count(op.name)) << "entry '" << op.name << "' is not in engine_op_names()";
}

TEST(OpDb, NamesAreUnique) {
  std::set<std::string> seen;
  for (const auto& op : op_db()) {
    EXPECT_TRUE(seen.insert(op.name).second) << op.name;
    for (const auto& a : op.aliases) EXPECT_TRUE(seen.insert(a).second) << a << " (alias of " << op.name << ")";
  }
}

TEST(OpDb, EntriesAreWellFormed) {
  for (const auto& op : op_db()) {
    SCOPED_TRACE(op.name);
    EXPECT_FALSE(op.family.empty());
    EXPECT_FALSE(op.variants.empty());
    EXPECT_TRUE(op.has_variant(Variant::function) || op.has_variant(Variant::method));
    EXPECT_FALSE(op.dtypes_cpu.empty());
    EXPECT_FALSE(op.numpy_ref.empty());
    EXPECT_TRUE(static_cast<bool>(op.run));
    ASSERT_TRUE(static_cast<bool>(op.sample_inputs));
    for (DType d : op.dtypes_cpu) EXPECT_FALSE(op.sample_inputs(d).empty()) << name(d);
    for (const auto& x : op.discrepancies) {
      EXPECT_FALSE(x.what.empty());
      EXPECT_GE(x.reason.size(), 20u) << "a discrepancy needs a real reason: " << x.what;
    }
    for (const auto& t : op.tolerances) {
      EXPECT_GE(t.reason.size(), 20u) << "a tolerance override needs a reason (" << name(t.dtype) << ")";
      EXPECT_TRUE(is_inexact(t.dtype)) << "tolerances apply to floating results only";
    }
  }
}

TEST(OpDb, DiscrepanciesFileIsUpToDate) {
  std::ifstream f(std::string(PARITY_SOURCE_DIR) + "/reports/DISCREPANCIES.md");
  ASSERT_TRUE(f.good()) << "reports/DISCREPANCIES.md is missing: run build/parity discrepancies --write reports/DISCREPANCIES.md";
  std::stringstream ss;
  ss << f.rdbuf();
  EXPECT_EQ(ss.str(), discrepancies_markdown())
      << "reports/DISCREPANCIES.md is stale: run build/parity discrepancies --write reports/DISCREPANCIES.md";
}

// Issue 12: every in-place and out= variant has an error input writing into a read-only view
// (readonly_errors.cpp), except out= of cumsum/cumprod (and nancumsum, which calls cumsum), which
// NumPy 2.2 does not check.
TEST(OpDb, WriteVariantsHaveReadOnlyErrorInputs) {
  for (const auto& op : op_db()) {
    SCOPED_TRACE(op.name);
    bool inplace = false, out = false;
    if (op.error_inputs)
      for (const auto& e : op.error_inputs()) {
        if (e.variant == Variant::inplace && e.input.args[0].is_tensor() && !e.input.args[0].tensor().writeable())
          inplace = true;
        if (e.variant == Variant::out && e.out.defined() && !e.out.writeable()) out = true;
      }
    EXPECT_EQ(inplace, op.has_variant(Variant::inplace));
    EXPECT_EQ(out, op.has_variant(Variant::out) && op.name != "cumsum" && op.name != "cumprod" &&
                       op.name != "nancumsum");
  }
}

// dtypes_cuda is derived from the backend's kernel tables (op_db.cpp): a CPU dtype is claimed on
// CUDA exactly when has_cuda_kernel says so for the entry's engine name; none without CUDA.
TEST(OpDb, CudaDtypesAreTheKernelTables) {
  size_t claimed = 0;
  for (const auto& op : op_db()) {
    SCOPED_TRACE(op.name);
    for (DType d : op.dtypes_cuda)
      EXPECT_TRUE(op.claims(d)) << name(d) << " is claimed on CUDA but not on the CPU";
    for (DType d : kAllDTypes) {
      const bool want = op.claims(d) && has_cuda_kernel(op.name, d);
      EXPECT_EQ(op.claims(d, Device::cuda), want) << name(d);
      EXPECT_EQ(op.claims(d, Device(DeviceType::cuda, 1)), want) << name(d) << " on cuda:1";
    }
    claimed += op.dtypes_cuda.size();
  }
  if (!built_with_cuda()) {
    EXPECT_EQ(claimed, 0u) << "a build without CUDA claims no CUDA dtype";
  }
}
