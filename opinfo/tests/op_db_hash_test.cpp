// The hash of the OpInfo entries (issue 27, "Fresh"): FNV-1a as published, the same on every call,
// and different as soon as a declaration or a sample value of an entry changes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "parity/op_db_hash.h"

using namespace parity;
using namespace parity::opinfo;

namespace {

std::vector<OpInfo> db_copy() { return op_db(); }
OpInfo& entry(std::vector<OpInfo>& db, const std::string& name) {
  auto it = std::find_if(db.begin(), db.end(), [&](const OpInfo& op) { return op.name == name; });
  if (it == db.end()) throw std::runtime_error("no entry " + name);
  return *it;
}

// `op`'s float64 samples with the first float64 tensor argument of `min_size` elements or more
// changed by one ULP in its last element.
void nudge_float64_sample(OpInfo& op, int64_t min_size) {
  SamplesFn original = op.sample_inputs;
  op.sample_inputs = [original, min_size](DType d) {
    std::vector<SampleInput> ss = original(d);
    if (d != DType::Float64) return ss;
    for (SampleInput& s : ss)
      for (ArrayLike& a : s.args)
        if (a.is_tensor() && a.tensor().dtype() == DType::Float64 && a.tensor().size() >= min_size) {
          Tensor t = a.tensor().contiguous().copy();
          double& last = t.data<double>()[t.size() - 1];
          last = std::nextafter(last, INFINITY);
          a = ArrayLike(t);
          return ss;
        }
    throw std::runtime_error("no float64 sample tensor that large");
  };
}

}  // namespace

TEST(OpDbHash, Fnv1a64IsThePublishedFunction) {
  // Test vectors of the FNV reference (Fowler, Noll, Vo): the empty string is the offset basis.
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ULL);
}

TEST(OpDbHash, SameOnEveryCall) {
  const std::string a = op_db_canonical(op_db()), b = op_db_canonical(op_db());
  EXPECT_EQ(a, b);
  EXPECT_EQ(op_db_hash(op_db()), op_db_hash());
  EXPECT_EQ(op_db_hash().size(), 16u);
  // Every entry is in the text, with its samples.
  for (const OpInfo& op : op_db()) EXPECT_NE(a.find("op " + std::to_string(op.name.size()) + ":" + op.name + "\n"), std::string::npos) << op.name;
  EXPECT_NE(a.find("  sample_inputs float64\n    sample note="), std::string::npos);
}

TEST(OpDbHash, IndependentOfEntryOrderAndOfTheCudaDtypes) {
  std::vector<OpInfo> db = db_copy();
  std::reverse(db.begin(), db.end());
  for (OpInfo& op : db) op.dtypes_cuda = op.dtypes_cpu;  // what a CUDA build derives, at most
  EXPECT_EQ(op_db_hash(db), op_db_hash());
}

TEST(OpDbHash, ChangesWithATolerance) {
  std::vector<OpInfo> db = db_copy();
  entry(db, "sin").tolerances.push_back({DType::Float32, {1.3e-6, 1e-5}, "a planted override"});
  EXPECT_NE(op_db_hash(db), op_db_hash());
  std::vector<OpInfo> db2 = db_copy();
  OpInfo& sin = entry(db2, "sin");
  sin.tolerances.push_back({DType::Float32, {1.3e-6, 1e-5}, "a planted override"});
  EXPECT_EQ(op_db_hash(db2), op_db_hash(db));
  sin.tolerances.back().tol.rtol = std::nextafter(1.3e-6, 1.0);  // one ULP of the rtol
  EXPECT_NE(op_db_hash(db2), op_db_hash(db));
}

TEST(OpDbHash, ChangesWithADeclaredDiscrepancyOrReference) {
  std::vector<OpInfo> db = db_copy();
  Discrepancy planted;
  planted.kind = Discrepancy::Kind::skip;
  planted.suites = {"Fuzz"};
  planted.what = "planted";
  planted.reason = "a reason";
  entry(db, "add").discrepancies.push_back(planted);
  const std::string with_skip = op_db_hash(db);
  EXPECT_NE(with_skip, op_db_hash());
  entry(db, "add").discrepancies.back().reason = "another reason";
  EXPECT_NE(op_db_hash(db), with_skip);
  std::vector<OpInfo> db2 = db_copy();
  entry(db2, "add").torch_ref = "torch.sub";
  EXPECT_NE(op_db_hash(db2), op_db_hash());
}

TEST(OpDbHash, ChangesWithOneUlpOfASampleValue) {
  // A small tensor is written element by element, a large one by the hash of its bytes: both see it.
  for (int64_t min_size : {1, 100}) {
    std::vector<OpInfo> db = db_copy();
    nudge_float64_sample(entry(db, "add"), min_size);
    EXPECT_NE(op_db_hash(db), op_db_hash()) << "a sample tensor of " << min_size << "+ elements";
  }
}
