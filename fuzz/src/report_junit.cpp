// junit.xml: one test suite per op, one test case per op x dtype x device (named like the suites'
// tests, e.g. sin.cpu.float32); a failure carries each unaccepted mismatch kind's minimal case, an
// unaccepted crash is an <error>; suite "fuzz.gate" holds a failing test case per stale baseline
// entry (and one when the run ran no cases), so the failure count follows the gate. Times are the
// seconds the workers spent on each row (Stats::seconds); the total is the run's wall time.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "parity/report.h"
#include "report_common.h"

namespace parity::fuzz {

namespace {

std::string xml(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (u < 0x20 && c != '\n' && c != '\t' && c != '\r') out += '?';  // not allowed in XML 1.0
        else out += c;
    }
  }
  return out;
}

std::string case_text(const Stats& s, Mismatch m, const CaseRecord& rec, bool library) {
  std::ostringstream os;
  os << (library ? kind_title(m, true) + " (" + to_string(m) + ")" : std::string(to_string(m)) + " mismatch") << " ("
     << s.mismatches.at(m) << " of " << s.cases << " cases); minimal case:\n"
     << "  replay: " << rec.replay() << "  (variant " << to_string(rec.variant) << ")\n";
  if (!rec.detail.empty()) os << "  difference: " << rec.detail << "\n";
  os << "  inputs:\n" << rec.inputs;
  if (!rec.inputs.empty() && rec.inputs.back() != '\n') os << "\n";
  // Each side's outcome by participant, names aligned ("  engine: ...", "  numpy:  ...").
  std::vector<std::pair<std::string, std::string>> sides = rec.outcomes;
  if (sides.empty()) sides = {{rec.subject, rec.engine}, {rec.reference, rec.numpy}};
  size_t width = 0;
  for (const auto& [p, d] : sides) width = std::max(width, p.size());
  for (const auto& [p, d] : sides) os << "  " << p << ":" << std::string(width - p.size() + 1, ' ') << d << "\n";
  if (!rec.python.empty())
    os << "  " << reference_snippet_owner(rec) << "'s side:\n" << rec.python << (rec.python.back() == '\n' ? "" : "\n");
  if (!rec.subject_python.empty())
    os << "  " << display_name(rec.subject) << "'s side:\n" << rec.subject_python
       << (rec.subject_python.back() == '\n' ? "" : "\n");
  return os.str();
}

// A row none of whose cases could be compared (a library lacks the op or dtype): a skipped test,
// never a pass.
bool only_not_comparable(const Stats& s) {
  if (!s.not_comparable || s.matches || s.accepted) return false;
  for (const auto& [m, n] : s.mismatches)
    if (n && m != Mismatch::none) return false;
  return true;
}

// JUnit times: seconds with millisecond resolution ("0.012").
std::string seconds(double s) {
  if (!(s > 0) || !std::isfinite(s)) return "0";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

}  // namespace

std::string render_junit(const Results& r, const Baseline* baseline) {
  // The testcases follow the gate exactly: each unaccepted finding fails its op x dtype x device
  // testcase (an unaccepted crash makes it an <error>), each stale baseline entry is a failing
  // testcase of its own, and so is a run that ran no cases.
  const Baseline none;
  const GateResult g = gate(r, baseline ? *baseline : none);
  const bool library = library_campaign(r), pairs = several_pairs(r);
  struct Row {
    const StatsKey* key;
    const Stats* stats;
    std::vector<Mismatch> failing, accepted;
    bool error = false;  // an unaccepted crash
  };
  std::map<std::string, std::vector<Row>> by_op;
  uint64_t tests = 0, failures = 0, errors = 0, skipped = 0;
  for (const auto& [k, s] : r.stats) {
    Row row{&k, &s, {}, {}};
    // The gate's rule per row (its findings do not carry the pair of a three-way row): a kind fails
    // unless a baseline entry lists it.
    for (const auto& [m, n] : s.mismatches)
      if (n && m != Mismatch::none)
        (baseline && find_accepting(*baseline, k, m) ? row.accepted : row.failing).push_back(m);
    row.error = std::find(row.failing.begin(), row.failing.end(), Mismatch::crash) != row.failing.end();
    ++tests;
    skipped += only_not_comparable(s);
    errors += row.error;
    failures += !row.failing.empty() && !row.error;
    by_op[k.op].push_back(std::move(row));
  }
  const uint64_t run_tests = g.stale.size() + (g.no_cases ? 1 : 0);
  tests += run_tests;
  failures += run_tests;
  std::ostringstream os;
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  if (!r.complete)
    os << "<!-- partial: the run did not finish (interrupted, or a merged shard was); complete=false -->\n";
  os << "<testsuites name=\"parity-fuzz" << (library ? " " + xml(pair_line(r)) : "") << (r.complete ? "" : " (partial)")
     << "\" tests=\"" << tests << "\" failures=\"" << failures << "\" errors=\"" << errors
     << (skipped ? "\" skipped=\"" + std::to_string(skipped) : "") << "\" time=\"" << seconds(r.seconds) << "\">\n";
  auto properties = [&] {
    std::ostringstream p;
    p << "    <properties><property name=\"seed\" value=\"" << r.seed << "\"/><property name=\"complete\" value=\""
      << (r.complete ? "true" : "false") << "\"/>";
    if (!r.shard.empty()) p << "<property name=\"shard\" value=\"" << xml(r.shard) << "\"/>";
    if (!r.numpy_version.empty()) p << "<property name=\"numpy\" value=\"" << xml(r.numpy_version) << "\"/>";
    if (library) {
      p << "<property name=\"checked\" value=\"" << xml(pair_line(r)) << "\"/>";
      for (const auto& [who, v] : r.versions)
        if (who != "numpy") p << "<property name=\"" << xml(who) << "\" value=\"" << xml(v) << "\"/>";
    }
    p << "</properties>\n";
    return p.str();
  };
  for (const auto& [op, rows] : by_op) {
    uint64_t f = 0, e = 0, sk = 0;
    double t = 0;
    for (const Row& row : rows) {
      sk += only_not_comparable(*row.stats);
      e += row.error;
      f += !row.failing.empty() && !row.error;
      t += row.stats->seconds;
    }
    os << "  <testsuite name=\"fuzz." << xml(op) << "\" tests=\"" << rows.size() << "\" failures=\"" << f
       << "\" errors=\"" << e << "\" skipped=\"" << sk << "\" time=\"" << seconds(t) << "\">\n"
       << properties();
    for (const Row& row : rows) {
      const StatsKey& k = *row.key;
      const Stats& s = *row.stats;
      // A row of another pair than the engine against NumPy, or of a campaign with several, names
      // it: "sin.cpu.float32.torch-vs-numpy".
      os << "    <testcase classname=\"fuzz." << xml(op) << "\" name=\"" << xml(op) << "." << to_string(k.device) << "."
         << name(k.dtype);
      if (!default_pair(k) || pairs) os << "." << xml(k.subject) << "-vs-" << xml(k.against);
      os << "\" time=\"" << seconds(s.seconds) << "\">\n";
      if (!row.failing.empty()) {
        std::string kinds, body;
        uint64_t n = 0;
        for (Mismatch m : row.failing) {
          if (!kinds.empty()) kinds += ',';  // appended: "," + std::string(...) gives a false -Wrestrict (GCC 12)
          kinds += to_string(m);
          n += s.mismatches.at(m);
          auto it = s.minimal.find(m);
          body += it != s.minimal.end() ? case_text(s, m, it->second, library)
                                        : std::string(to_string(m)) + " mismatch (no minimal case recorded)\n";
        }
        std::string msg = std::to_string(n) + " of " + std::to_string(s.cases) +
                          (r.grad            ? " cases fail the gradient check ("
                           : default_pair(k) ? " cases mismatch NumPy ("
                                             : " cases differ between " + k.subject + " and " + k.against + " (") +
                          kinds + ")";
        if (row.error) msg = (default_pair(k) ? "the engine" : k.subject) + " crashed; " + msg;
        auto first = s.minimal.find(row.error ? Mismatch::crash : row.failing.front());
        if (first != s.minimal.end()) msg += "; replay: " + first->second.replay();
        const char* tag = row.error ? "error" : "failure";
        os << "      <" << tag << " type=\"" << kinds << "\" message=\"" << xml(msg) << "\">" << xml(body) << "</" << tag
           << ">\n";
      }
      std::ostringstream out;
      out << s.cases << " cases, " << s.matches << " matches; max ULP " << (s.worst ? format_number(s.max_ulp) : "-")
          << (s.worst ? " (parity replay " + s.worst->id.str() + ")" : "") << ", max abs "
          << format_number(s.max_abs) << ", max rel " << format_number(s.max_rel) << "\n";
      if (r.grad || s.grad_checked)  // the gradient column
        out << "gradient checks: " << s.grad_checked << " checked, " << (s.mismatches.count(Mismatch::grad) ? s.mismatches.at(Mismatch::grad) : 0)
            << " failed\n";
      for (Mismatch m : row.accepted) {
        const BaselineEntry* e = baseline ? find_accepting(*baseline, k, m) : nullptr;
        out << to_string(m) << " mismatches (" << s.mismatches.at(m) << ") baselined: "
            << (e ? e->reason : std::string("?")) << "\n";
      }
      if (s.not_comparable)
        out << "not comparable: " << s.not_comparable << " cases (" << not_comparable_reasons(s) << ")\n";
      if (only_not_comparable(s))
        os << "      <skipped message=\"" << xml("not comparable: " + not_comparable_reasons(s)) << "\"/>\n";
      os << "      <system-out>" << xml(out.str()) << "</system-out>\n";
      os << "    </testcase>\n";
    }
    os << "  </testsuite>\n";
  }
  if (run_tests) {  // the gate's verdicts on the run as a whole
    os << "  <testsuite name=\"fuzz.gate\" tests=\"" << run_tests << "\" failures=\"" << run_tests
       << "\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
       << properties();
    if (g.no_cases)
      os << "    <testcase classname=\"fuzz.gate\" name=\"cases run\" time=\"0\">\n"
         << "      <failure type=\"no-cases\" message=\"the run ran no cases: nothing was checked\">"
         << "No op x dtype was fuzzed: check --ops, --dtypes, --cases and --time.</failure>\n    </testcase>\n";
    for (const BaselineEntry& e : g.stale)
      os << "    <testcase classname=\"fuzz.gate\" name=\"stale baseline entry: " << xml(e.str()) << "\" time=\"0\">\n"
         << "      <failure type=\"stale\" message=\""
         << xml("stale baseline entry " + e.str() + ": the run covered it and it no longer reproduces; remove it")
         << "\">" << xml("reason given: " + e.reason) << "</failure>\n    </testcase>\n";
    os << "  </testsuite>\n";
  }
  os << "</testsuites>\n";
  return os.str();
}

}  // namespace parity::fuzz
