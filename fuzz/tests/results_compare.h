#pragma once
// Two campaigns' results agree row by row (counts and verdicts): the determinism tests' check.
#include <gtest/gtest.h>

#include "parity/fuzz.h"

namespace parity::fuzz {

inline void expect_same_results(const Results& a, const Results& b) {
  ASSERT_EQ(a.stats.size(), b.stats.size());
  for (const auto& [k, s] : a.stats) {
    auto it = b.stats.find(k);
    ASSERT_NE(it, b.stats.end()) << k.op;
    EXPECT_EQ(s.cases, it->second.cases) << k.op << " " << name(k.dtype);
    EXPECT_EQ(s.matches, it->second.matches) << k.op << " " << name(k.dtype);
    EXPECT_EQ(s.mismatches, it->second.mismatches) << k.op << " " << name(k.dtype);
    EXPECT_EQ(s.accepted, it->second.accepted) << k.op << " " << name(k.dtype);
    EXPECT_EQ(s.grad_checked, it->second.grad_checked) << k.op << " " << name(k.dtype);
    ASSERT_EQ(s.accepted_by.size(), it->second.accepted_by.size()) << k.op << " " << name(k.dtype);
    for (const auto& [decl, acc] : s.accepted_by) {  // same declarations, counts and example ids
      ASSERT_TRUE(it->second.accepted_by.count(decl)) << decl;
      EXPECT_EQ(acc.cases, it->second.accepted_by.at(decl).cases) << decl;
      EXPECT_EQ(acc.example, it->second.accepted_by.at(decl).example) << decl;
    }
  }
}

}  // namespace parity::fuzz
