// junit.xml: one test suite per op, one test case per op x dtype x device (named like the suites'
// tests, e.g. sin.cpu.float32); a failure carries each unaccepted mismatch kind's minimal case.
#include <map>
#include <sstream>

#include "parity/report.h"

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

std::string case_text(const Stats& s, Mismatch m, const CaseRecord& rec) {
  std::ostringstream os;
  os << to_string(m) << " mismatch (" << s.mismatches.at(m) << " of " << s.cases << " cases); minimal case:\n"
     << "  replay: " << rec.replay() << "  (variant " << to_string(rec.variant) << ")\n";
  if (!rec.detail.empty()) os << "  difference: " << rec.detail << "\n";
  os << "  inputs:\n" << rec.inputs;
  if (!rec.inputs.empty() && rec.inputs.back() != '\n') os << "\n";
  os << "  engine: " << rec.engine << "\n  numpy:  " << rec.numpy << "\n";
  if (!rec.python.empty()) os << "  NumPy's side:\n" << rec.python << (rec.python.back() == '\n' ? "" : "\n");
  return os.str();
}

}  // namespace

std::string render_junit(const Results& r, const Baseline* baseline) {
  struct Row {
    const StatsKey* key;
    const Stats* stats;
    std::vector<Mismatch> failing, accepted;
  };
  std::map<std::string, std::vector<Row>> by_op;
  uint64_t tests = 0, failures = 0;
  for (const auto& [k, s] : r.stats) {
    Row row{&k, &s, {}, {}};
    for (const auto& [m, n] : s.mismatches) {
      if (!n || m == Mismatch::none) continue;
      if (baseline && find_accepting(*baseline, k.op, k.dtype, k.device, m)) row.accepted.push_back(m);
      else row.failing.push_back(m);
    }
    ++tests;
    failures += !row.failing.empty();
    by_op[k.op].push_back(std::move(row));
  }
  std::ostringstream os;
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  os << "<testsuites name=\"parity-fuzz\" tests=\"" << tests << "\" failures=\"" << failures
     << "\" errors=\"0\" time=\"" << format_number(r.seconds) << "\">\n";
  for (const auto& [op, rows] : by_op) {
    uint64_t f = 0;
    for (const Row& row : rows) f += !row.failing.empty();
    os << "  <testsuite name=\"fuzz." << xml(op) << "\" tests=\"" << rows.size() << "\" failures=\"" << f
       << "\" errors=\"0\" skipped=\"0\">\n";
    os << "    <properties><property name=\"seed\" value=\"" << r.seed << "\"/><property name=\"complete\" value=\""
       << (r.complete ? "true" : "false") << "\"/>";
    if (!r.shard.empty()) os << "<property name=\"shard\" value=\"" << xml(r.shard) << "\"/>";
    if (!r.numpy_version.empty()) os << "<property name=\"numpy\" value=\"" << xml(r.numpy_version) << "\"/>";
    os << "</properties>\n";
    for (const Row& row : rows) {
      const StatsKey& k = *row.key;
      const Stats& s = *row.stats;
      os << "    <testcase classname=\"fuzz." << xml(op) << "\" name=\"" << xml(op) << "." << to_string(k.device) << "."
         << name(k.dtype) << "\" time=\"0\">\n";
      if (!row.failing.empty()) {
        std::string kinds, body;
        uint64_t n = 0;
        for (Mismatch m : row.failing) {
          kinds += (kinds.empty() ? "" : ",") + std::string(to_string(m));
          n += s.mismatches.at(m);
          auto it = s.minimal.find(m);
          body += it != s.minimal.end() ? case_text(s, m, it->second)
                                        : std::string(to_string(m)) + " mismatch (no minimal case recorded)\n";
        }
        std::string msg = std::to_string(n) + " of " + std::to_string(s.cases) +
                          (r.grad ? " cases fail the gradient check (" : " cases mismatch NumPy (") + kinds + ")";
        auto first = s.minimal.find(row.failing.front());
        if (first != s.minimal.end()) msg += "; replay: " + first->second.replay();
        os << "      <failure type=\"" << kinds << "\" message=\"" << xml(msg) << "\">" << xml(body) << "</failure>\n";
      }
      std::ostringstream out;
      out << s.cases << " cases, " << s.matches << " matches; max ULP " << (s.worst ? format_number(s.max_ulp) : "-")
          << (s.worst ? " (parity replay " + s.worst->id.str() + ")" : "") << ", max abs "
          << format_number(s.max_abs) << ", max rel " << format_number(s.max_rel) << "\n";
      if (r.grad || s.grad_checked)  // the gradient column
        out << "gradient checks: " << s.grad_checked << " checked, " << (s.mismatches.count(Mismatch::grad) ? s.mismatches.at(Mismatch::grad) : 0)
            << " failed\n";
      for (Mismatch m : row.accepted)
        out << to_string(m) << " mismatches (" << s.mismatches.at(m) << ") baselined: "
            << find_accepting(*baseline, k.op, k.dtype, k.device, m)->reason << "\n";
      os << "      <system-out>" << xml(out.str()) << "</system-out>\n";
      os << "    </testcase>\n";
    }
    os << "  </testsuite>\n";
  }
  os << "</testsuites>\n";
  return os.str();
}

}  // namespace parity::fuzz
