// The CI gate: every mismatch must be listed in the baseline (baselined), and every baseline entry the run
// covered must still reproduce.
#include <sstream>

#include "parity/report.h"

namespace parity::fuzz {

const BaselineEntry* find_accepting(const Baseline& b, const std::string& op, DType dtype, Device device,
                                    Mismatch kind) {
  return find_accepting(b, StatsKey{op, dtype, device}, kind);
}

const BaselineEntry* find_accepting(const Baseline& b, const StatsKey& row, Mismatch kind) {
  for (const BaselineEntry& e : b.accepted)
    if (e.kind == kind && e.matches(row)) return &e;
  return nullptr;
}

GateResult gate(const Results& r, const Baseline& b) {
  GateResult g;
  for (const auto& [key, s] : r.stats) {
    for (const auto& [kind, n] : s.mismatches) {
      if (n == 0 || kind == Mismatch::none) continue;
      if (find_accepting(b, key, kind)) {
        g.baselined_mismatches += n;
        continue;
      }
      GateFinding f;
      f.op = key.op;
      f.subject = key.subject;
      f.against = key.against;
      f.dtype = key.dtype;
      f.device = key.device;
      f.kind = kind;
      f.count = n;
      if (auto it = s.minimal.find(kind); it != s.minimal.end()) {
        f.replay = it->second.replay();
        f.detail = it->second.detail;
      }
      g.unaccepted.push_back(std::move(f));
    }
  }
  for (const BaselineEntry& e : b.accepted) {
    // A value campaign cannot reproduce a gradient entry nor a gradient campaign a value one, and
    // only a campaign against the engine's CPU result finds `device` mismatches (it finds no
    // other kind but crashes): those are not exercised (never stale).
    const bool vs_cpu = r.against == "cpu";
    if ((e.kind == Mismatch::grad) != r.grad ||
        ((e.kind == Mismatch::device) != vs_cpu && !(vs_cpu && e.kind == Mismatch::crash))) {
      g.not_exercised.push_back(e);
      continue;
    }
    bool covered = false;
    uint64_t seen = 0;
    for (const auto& [key, s] : r.stats) {
      if (s.cases == 0 || !e.matches(key)) continue;
      covered = true;
      if (auto it = s.mismatches.find(e.kind); it != s.mismatches.end()) seen += it->second;
    }
    if (!covered) g.not_exercised.push_back(e);
    else if (seen == 0) g.stale.push_back(e);
  }
  uint64_t cases = 0;
  for (const auto& [key, s] : r.stats) cases += s.cases;
  g.no_cases = cases == 0;
  g.passed = g.unaccepted.empty() && g.stale.empty() && !g.no_cases;
  return g;
}

GateResult verdict(const Results& r, const Baseline* baseline) {
  return gate(r, baseline ? *baseline : Baseline{});
}

std::string GateResult::summary() const {
  std::ostringstream os;
  // Groups (op x dtype x device x kind) with their cases, so that the count reads like the
  // reports' "N mismatching cases".
  uint64_t cases = 0;
  for (const GateFinding& f : unaccepted) cases += f.count;
  os << "gate: " << (passed ? "PASS" : "FAIL") << ": " << unaccepted.size() << " unaccepted "
     << (unaccepted.size() == 1 ? "group" : "groups") << " (" << cases << (cases == 1 ? " case), " : " cases), ")
     << stale.size() << " stale baseline entries, " << baselined_mismatches << " baselined mismatches\n";
  if (no_cases) os << "  the run ran no cases: nothing was checked (check --ops, --dtypes, --cases, --time)\n";
  for (const GateFinding& f : unaccepted) {
    os << "  unaccepted: " << f.op << " " << name(f.dtype) << " " << to_string(f.device) << " " << to_string(f.kind)
       << " x" << f.count;
    if (f.subject != "engine" || f.against != "numpy") os << " (" << f.subject << " vs " << f.against << ")";
    if (!f.replay.empty()) os << "  -> " << f.replay;
    os << "\n";
    if (!f.detail.empty()) os << "      " << f.detail << "\n";
  }
  for (const BaselineEntry& e : stale)
    os << "  stale baseline entry (exercised, no longer reproduces; remove it): " << e.str() << "  [" << e.reason
       << "]\n";
  for (const BaselineEntry& e : not_exercised)
    os << "  note: baseline entry not exercised by this run: " << e.str() << "\n";
  return os.str();
}

}  // namespace parity::fuzz
