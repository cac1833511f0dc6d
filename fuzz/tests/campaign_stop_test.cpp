// Options::stop (set by `parity fuzz`'s SIGINT/SIGTERM handler): the campaign ends early with
// complete = false, keeping the cases it finished; and each row's worker time is recorded.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <thread>

#include "parity/fuzzer.h"

namespace parity::fuzz {
namespace {

uint64_t total_cases(const Results& r) {
  uint64_t n = 0;
  for (const auto& [k, s] : r.stats) n += s.cases;
  return n;
}

TEST(CampaignStop, StopSetBeforehandRunsNothingAndIsPartial) {
  for (bool isolate : {false, true}) {
    volatile std::sig_atomic_t stop = 1;
    Options o;
    o.ops = {"sin"};
    o.cases_per_op = 1000000;  // far more than the test could wait for
    o.seed = 3;
    o.jobs = 1;
    o.isolate = isolate;
    o.stop = &stop;
    auto t0 = std::chrono::steady_clock::now();
    Results r = run_campaign(o);
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 60) << isolate;
    EXPECT_FALSE(r.complete) << isolate;
    EXPECT_EQ(total_cases(r), 0u) << isolate;
  }
}

TEST(CampaignStop, StopDuringARunKeepsFinishedCasesAndTheirTime) {
  volatile std::sig_atomic_t stop = 0;
  Options o;
  o.ops = {"add"};
  o.cases_per_op = 1000000;
  o.seed = 3;
  o.jobs = 1;
  o.batch = 64;
  o.stop = &stop;
  uint64_t seen = 0;
  o.on_checkpoint = [&](const Results& partial) {
    seen = total_cases(partial);
    if (seen > 0) stop = 1;  // as the signal handler would
  };
  Results r = run_campaign(o);
  EXPECT_FALSE(r.complete);
  EXPECT_GT(total_cases(r), 0u);
  EXPECT_LT(total_cases(r), 1000000u);
  double seconds = 0;
  for (const auto& [k, s] : r.stats) seconds += s.seconds;
  EXPECT_GT(seconds, 0.0);
  EXPECT_LE(seconds, r.seconds * 1.01 + 0.01);  // one worker: its time fits in the wall time
}

}  // namespace
}  // namespace parity::fuzz
