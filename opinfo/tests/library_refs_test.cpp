// Coverage of the library comparisons (issue 27): every op reaches PyTorch and JAX through its
// reference (OpInfo::torch_ref / jax_ref), or its entry declares why that library has no such op
// (torch_missing / jax_missing). Reads the declarations only: neither library need be installed
// (scripts/check_library_refs.py, ctest oracle.LibraryRefs, checks that the references resolve).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "parity/opinfo.h"

using namespace parity::opinfo;

namespace {

// What is wrong with one op's declaration for one library ("" when it is fine): neither a
// reference nor a reason, or both (a reason beside a reference is never read: the op is compared).
std::string gap(const std::string& ref, const std::string& missing) {
  if (ref.empty() && missing.empty()) return "neither a reference nor a declared reason";
  if (!ref.empty() && !missing.empty()) return "both a reference and a reason (" + missing + ")";
  return "";
}

std::vector<std::string> gaps(const std::vector<OpInfo>& db, bool torch) {
  std::vector<std::string> out;
  for (const OpInfo& op : db) {
    const std::string g = torch ? gap(op.torch_ref, op.torch_missing) : gap(op.jax_ref, op.jax_missing);
    if (!g.empty()) out.push_back(op.name + ": " + g);
  }
  return out;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += "\n  " + x;
  return s;
}

}  // namespace

TEST(LibraryRefs, EveryOpHasATorchReferenceOrAReason) {
  const std::vector<std::string> g = gaps(op_db(), true);
  EXPECT_TRUE(g.empty()) << g.size() << " ops without a PyTorch reference or reason:" << joined(g);
}

TEST(LibraryRefs, EveryOpHasAJaxReferenceOrAReason) {
  const std::vector<std::string> g = gaps(op_db(), false);
  EXPECT_TRUE(g.empty()) << g.size() << " ops without a JAX reference or reason:" << joined(g);
}

// The check itself: an entry that loses its reference (or gains a reason beside it) is reported.
TEST(LibraryRefs, AMissingDeclarationIsReported) {
  std::vector<OpInfo> db(3);
  db[0].name = "planted_none";
  db[0].jax_ref = "jnp.sin";
  db[1].name = "planted_both";
  db[1].torch_ref = "torch.sin";
  db[1].torch_missing = "a reason";
  db[1].jax_missing = "a reason";
  db[2].name = "planted_fine";
  db[2].torch_ref = "torch.sin";
  db[2].jax_ref = "jnp.sin";
  const std::vector<std::string> t = gaps(db, true), j = gaps(db, false);
  ASSERT_EQ(t.size(), 2u) << joined(t);
  EXPECT_EQ(t[0], "planted_none: neither a reference nor a declared reason");
  EXPECT_EQ(t[1], "planted_both: both a reference and a reason (a reason)");
  EXPECT_TRUE(j.empty()) << joined(j);
}

// Issue 27: a difference between the libraries is a finding of the campaign, never a reason to
// skip. These ops were once declared not compared; each has its references now.
TEST(LibraryRefs, OpsOnceSkippedHaveReferences) {
  for (const char* n : {"sort", "argsort", "unique_values", "unique_counts", "unique_inverse", "unique_all", "linalg.eig",
                        "linalg.eigvals", "linalg.eigh", "linalg.eigvalsh", "linalg.qr", "linalg.svd", "take_along_axis",
                        "searchsorted", "count_nonzero", "diff", "linalg.trace", "cumulative_sum", "cumulative_prod", "median",
                        "quantile"}) {
    const OpInfo* op = find_op(n);
    ASSERT_NE(op, nullptr) << n;
    EXPECT_FALSE(op->torch_ref.empty()) << n << ": " << op->torch_missing;
    EXPECT_FALSE(op->jax_ref.empty()) << n << ": " << op->jax_missing;
  }
}
