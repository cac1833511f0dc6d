// libFuzzer entry point: raw bytes choose a fuzz case (op, seed, index: the same CaseGen draw that
// `parity fuzz` makes), and the property is the campaign's: the engine agrees with NumPy, or the
// difference is accepted (declared in the op's entry) or baselined (listed in the baseline). A
// mismatch prints the case with its `parity replay` command and aborts, so libFuzzer saves the input
// as a crash.
//
// Build (clang only): CXX=clang++ cmake -S . -B build-libfuzzer -G Ninja -DPARITY_LIBFUZZER=ON
//                     cmake --build build-libfuzzer --target parity_libfuzzer
// Run:                build-libfuzzer/parity_libfuzzer -max_total_time=60 corpus/
// Environment: PARITY_FUZZ_OPS=add,sin (only these ops), PARITY_BASELINE=FILE (default
// reports/baseline.json when it exists).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "parity/errors.h"
#include "parity/fuzzer.h"
#include "parity/report.h"

using namespace parity;
using namespace parity::fuzz;

namespace {

struct State {
  std::vector<const opinfo::OpInfo*> ops;
  CaseGen gen;
  NumpyExecutor* numpy = nullptr;
  EngineExecutor engine;
  Baseline baseline;
};

State& state() {
  static State* s = [] {
    auto* st = new State;
    const char* only = std::getenv("PARITY_FUZZ_OPS");
    std::vector<std::string> names;
    if (only) {
      std::stringstream ss(only);
      std::string n;
      while (std::getline(ss, n, ','))
        if (!n.empty()) names.push_back(n);
    }
    for (const opinfo::OpInfo& op : opinfo::op_db()) {
      bool wanted = names.empty();
      for (const auto& n : names) wanted = wanted || n == op.name;
      if (wanted && !op.dtypes_cpu.empty()) st->ops.push_back(&op);
    }
    if (st->ops.empty()) {
      std::fprintf(stderr, "parity_libfuzzer: no op matches PARITY_FUZZ_OPS=%s\n", only ? only : "");
      std::abort();
    }
    const char* b = std::getenv("PARITY_BASELINE");
    std::string path = b ? b : "reports/baseline.json";
    if (b || std::filesystem::exists(path)) st->baseline = load_baseline(path);
    st->numpy = new NumpyExecutor;
    return st;
  }();
  return *s;
}

uint64_t take(const uint8_t*& p, size_t& n, size_t bytes) {
  uint64_t v = 0;
  for (size_t i = 0; i < bytes && n > 0; ++i, ++p, --n) v |= static_cast<uint64_t>(*p) << (8 * i);
  return v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  State& st = state();
  const uint8_t* p = data;
  size_t n = size;
  CaseId id;
  id.op = st.ops[take(p, n, 2) % st.ops.size()]->name;
  id.seed = take(p, n, 8);
  id.index = take(p, n, 4);  // 32 bits of index: the generator's draws vary with it as with the seed
  DrawnCase dc;
  try {
    dc = st.gen.draw(id);
  } catch (const Error&) {
    return 0;  // an op that cannot be drawn (no dtype): nothing to check
  }
  CaseResult r = run_case(dc.c, *st.numpy, st.engine);
  if (!r.mismatch()) return 0;
  if (find_accepting(st.baseline, dc.c.op->name, dc.dtype, dc.c.device, r.verdict.kind)) return 0;
  CaseRecord rec = make_record(dc, r);
  std::fprintf(stderr,
               "\n== parity: %s mismatch in %s (%s): %s\ninputs:\n%s\nengine: %s\nnumpy:  %s\n"
               "NumPy's side:\n%s\nreplay: %s\n",
               to_string(rec.kind), rec.op.c_str(), name(rec.dtype), rec.detail.c_str(), rec.inputs.c_str(),
               rec.engine.c_str(), rec.numpy.c_str(), rec.python.c_str(), rec.replay().c_str());
  std::abort();
}
