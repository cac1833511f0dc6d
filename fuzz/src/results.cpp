// The data model of fuzz results (fuzz.h): case ids, per op x dtype x device totals, merging.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <sstream>
#include <tuple>

#include "parity/errors.h"
#include "parity/fuzz.h"
#include "parity/report.h"

namespace parity::fuzz {

namespace {

bool parse_u64(const std::string& s, uint64_t& out) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (;;) {
    size_t p = s.find(sep, start);
    parts.push_back(s.substr(start, p == std::string::npos ? std::string::npos : p - start));
    if (p == std::string::npos) break;
    start = p + 1;
  }
  return parts;
}

double max_nan(double a, double b) {  // NaN counts as the largest
  if (std::isnan(a) || std::isnan(b)) return std::nan("");
  return std::max(a, b);
}

}  // namespace

// ---- CaseId ----

std::string CaseId::str() const {
  std::string s = op + ":" + std::to_string(seed) + ":" + std::to_string(index);
  if (max_elements > 0) s += ":e" + std::to_string(max_elements);
  if (grad) s += ":g";
  if (device.is_cuda()) s += device.index == 0 ? std::string(":cuda") : ":cuda" + std::to_string(device.index);
  if (!subject.empty() && subject != "engine") s += ":" + subject;  // the defaults have no token
  if (!against.empty() && against != "numpy") s += ":v" + against;
  if (three_way) s += ":3way";
  if (!shrink_path.empty()) {
    s += ":s";
    for (size_t i = 0; i < shrink_path.size(); ++i) {
      if (i) s += ".";
      s += std::to_string(shrink_path[i]);
    }
  }
  return s;
}

CaseId CaseId::parse(const std::string& s) {
  auto bad = [&](const std::string& why) {
    return ValueError("[replay] malformed case id '" + s + "': " + why +
                      " (expected OP:SEED:INDEX, optionally followed by :eCAP, :g, :cuda[N], :torch|:jax, :vcpu|:vtorch|:vjax, :3way and :sA.B.C)");
  };
  std::vector<std::string> parts = split(s, ':');
  CaseId id;
  if (parts.size() >= 4 && !parts.back().empty() && parts.back()[0] == 's') {
    std::string path = parts.back().substr(1);
    parts.pop_back();
    if (!path.empty()) {
      for (const std::string& step : split(path, '.')) {
        uint64_t v;
        if (!parse_u64(step, v) || v > UINT32_MAX) throw bad("bad shrink step '" + step + "'");
        id.shrink_path.push_back(static_cast<uint32_t>(v));
      }
    }
  }
  if (parts.size() >= 4 && parts.back() == "3way") {  // every participant runs the case
    id.three_way = true;
    parts.pop_back();
  }
  if (parts.size() >= 4 && (parts.back() == "vcpu" || parts.back() == "vtorch" || parts.back() == "vjax")) {
    id.against = parts.back().substr(1);  // the reference, when not NumPy
    parts.pop_back();
  }
  if (parts.size() >= 4 && library_subject(parts.back())) {  // a library is checked
    id.subject = parts.back();
    parts.pop_back();
  }
  if (parts.size() >= 4 && parts.back().rfind("cuda", 0) == 0) {  // run on a GPU: cuda, cuda1, ...
    const std::string n = parts.back().substr(4);
    uint64_t v = 0;
    if (!n.empty() && (!parse_u64(n, v) || v > 1000)) throw bad("bad device '" + parts.back() + "'");
    id.device = Device(DeviceType::cuda, static_cast<int>(v));
    parts.pop_back();
  }
  if (id.against == "cpu" && !id.device.is_cuda()) throw bad(":vcpu needs a GPU case (:cuda)");
  if (id.against == "cpu" && !id.subject.empty()) throw bad(":vcpu compares the engine on two devices, not :" + id.subject);
  if (!id.subject.empty() && id.subject == id.against) throw bad("subject and reference are both " + id.subject);
  if (id.three_way && (!id.subject.empty() || !id.against.empty()))
    throw bad(":3way runs every participant against NumPy (no subject or :v reference)");
  if (parts.size() >= 4 && parts.back() == "g") {  // a gradient case
    id.grad = true;
    parts.pop_back();
  }
  if (parts.size() >= 4 && parts.back().size() > 1 && parts.back()[0] == 'e') {
    uint64_t v;
    if (!parse_u64(parts.back().substr(1), v) || v == 0 || v > (1ULL << 40))
      throw bad("bad element cap '" + parts.back() + "'");
    id.max_elements = static_cast<int64_t>(v);
    parts.pop_back();
  }
  if (parts.size() < 3) throw bad("too few fields");
  if (!parse_u64(parts[parts.size() - 1], id.index)) throw bad("bad index '" + parts.back() + "'");
  if (!parse_u64(parts[parts.size() - 2], id.seed)) throw bad("bad seed '" + parts[parts.size() - 2] + "'");
  for (size_t i = 0; i + 2 < parts.size(); ++i) id.op += (i ? ":" : "") + parts[i];
  if (id.op.empty()) throw bad("empty op name");
  return id;
}

// ---- ULP histogram ----

int ulp_bucket(double ulp) {
  if (std::isnan(ulp) || std::isinf(ulp)) return 9;
  if (ulp <= 0) return 0;
  if (ulp <= 1) return 1;
  if (ulp <= 2) return 2;
  if (ulp <= 4) return 3;
  if (ulp <= 8) return 4;
  if (ulp <= 16) return 5;
  if (ulp <= 64) return 6;
  if (ulp <= 256) return 7;
  return 8;
}

const std::vector<std::string>& ulp_bucket_labels() {
  static const std::vector<std::string> labels = {"0",     "1",      "2",       "3-4",  "5-8",
                                                  "9-16",  "17-64",  "65-256",  ">256", "inf"};
  return labels;
}

// ---- minimal cases ----

uint64_t input_size(const CaseRecord& r) {
  // describe(case) writes one line per argument: "  argN: float32(3, 4) strides=(...) ..." or
  // "  argN: Python scalar 1.5".
  uint64_t total = 0;
  bool any = false;
  std::istringstream in(r.inputs);
  std::string line;
  while (std::getline(in, line)) {
    size_t p = line.find_first_not_of(' ');
    if (p == std::string::npos || line.compare(p, 3, "arg") != 0) continue;
    size_t colon = line.find(": ", p);
    if (colon == std::string::npos) continue;
    std::string rest = line.substr(colon + 2);
    any = true;
    if (rest.rfind("Python scalar", 0) == 0) {
      total += 1;
      continue;
    }
    size_t open = rest.find('('), close = rest.find(')');
    if (open == std::string::npos || close == std::string::npos || close < open) continue;
    uint64_t n = 1;
    std::string dims = rest.substr(open + 1, close - open - 1);
    for (const std::string& d : split(dims, ',')) {
      std::string t = d;
      t.erase(std::remove(t.begin(), t.end(), ' '), t.end());
      uint64_t v;
      if (t.empty()) continue;  // "(3,)" and "()"
      if (parse_u64(t, v)) n *= v;
    }
    total += n;
  }
  return any ? total : r.inputs.size();
}

bool smaller_case(const CaseRecord& a, const CaseRecord& b) {
  auto key = [](const CaseRecord& r) {
    return std::make_tuple(input_size(r), r.inputs.size(), r.id.op, r.id.seed, r.id.index,
                           r.id.shrink_path);
  };
  return key(a) < key(b);
}

// ---- Stats ----

namespace {
// Orders example ids: by seed, index and shrink path, so the example kept does not depend on the
// order cases or shards arrive in.
bool smaller_id(const std::string& a, const std::string& b) {
  if (b.empty()) return !a.empty();
  if (a.empty()) return false;
  try {
    CaseId x = CaseId::parse(a), y = CaseId::parse(b);
    return std::tie(x.seed, x.index, x.shrink_path, a) < std::tie(y.seed, y.index, y.shrink_path, b);
  } catch (const std::exception&) {
    return a < b;
  }
}
void merge_accepted(AcceptedBy& into, const AcceptedBy& from) {
  into.cases += from.cases;
  if (smaller_id(from.example, into.example)) into.example = from.example;
}
}  // namespace

bool WorstCase::worse_than(const WorstCase& o) const {
  const bool a_nan = std::isnan(ulp), b_nan = std::isnan(o.ulp);  // NaN counts as the largest
  if (a_nan != b_nan) return a_nan;
  if (!a_nan && ulp != o.ulp) return ulp > o.ulp;
  return std::tie(id.op, id.seed, id.index, id.max_elements, id.grad, id.shrink_path) <
         std::tie(o.id.op, o.id.seed, o.id.index, o.id.max_elements, o.id.grad, o.id.shrink_path);
}

void Stats::note_worst(const WorstCase& w) {
  if (!worst || w.worse_than(*worst)) worst = w;
}

void Stats::add(const CaseRecord& r, bool replace_minimal_if_smaller) {
  ++cases;
  const bool declared = r.kind != Mismatch::none && !r.accepted.empty();  // in the op's entry
  if (declared) {
    ++accepted;
    merge_accepted(accepted_by[r.accepted], AcceptedBy{1, r.id.str()});
  } else if (r.kind == Mismatch::none) {
    ++matches;
  } else {
    ++mismatches[r.kind];
  }
  // Distances count whatever the verdict: an accepted case can be a row's worst.
  max_abs = max_nan(max_abs, r.max_abs);
  max_rel = max_nan(max_rel, r.max_rel);
  max_ulp = max_nan(max_ulp, r.max_ulp);
  if (r.has_ulp && !r.id.grad) {  // gradient cases compare no results
    if (ulp_histogram.size() < ulp_bucket_labels().size()) ulp_histogram.resize(ulp_bucket_labels().size(), 0);
    ++ulp_histogram[ulp_bucket(r.max_ulp)];
    note_worst(WorstCase{r.id, r.max_ulp, r.kind, declared});
  }
  if (r.kind != Mismatch::none && !declared) {
    auto it = minimal.find(r.kind);
    if (it == minimal.end()) minimal.emplace(r.kind, r);
    else if (replace_minimal_if_smaller && smaller_case(r, it->second)) it->second = r;
  }
}

void Stats::merge(const Stats& o) {
  cases += o.cases;
  for (const auto& [decl, a] : o.accepted_by) merge_accepted(accepted_by[decl], a);
  matches += o.matches;
  accepted += o.accepted;
  grad_checked += o.grad_checked;
  seconds += o.seconds;
  not_comparable += o.not_comparable;
  for (const auto& [why, n] : o.not_comparable_by) not_comparable_by[why] += n;
  for (const auto& [k, n] : o.mismatches) mismatches[k] += n;
  max_abs = max_nan(max_abs, o.max_abs);
  max_rel = max_nan(max_rel, o.max_rel);
  max_ulp = max_nan(max_ulp, o.max_ulp);
  if (ulp_histogram.size() < o.ulp_histogram.size()) ulp_histogram.resize(o.ulp_histogram.size(), 0);
  for (size_t i = 0; i < o.ulp_histogram.size(); ++i) ulp_histogram[i] += o.ulp_histogram[i];
  if (o.worst) note_worst(*o.worst);
  for (const auto& [k, rec] : o.minimal) {
    auto it = minimal.find(k);
    if (it == minimal.end()) minimal.emplace(k, rec);
    else if (smaller_case(rec, it->second)) it->second = rec;
  }
}

bool StatsKey::operator<(const StatsKey& o) const {
  return std::tie(op, dtype, device, subject, against) < std::tie(o.op, o.dtype, o.device, o.subject, o.against);
}

// ---- Results ----

namespace {
// "0/4,2/4" -> the shard list; "" when the shards make up the whole campaign.
std::string merge_shards(const std::string& a, const std::string& b) {
  std::set<std::pair<uint64_t, uint64_t>> shards;  // (N, I)
  std::set<std::string> others;
  for (const std::string& s : {a, b}) {
    if (s.empty()) continue;
    for (const std::string& part : split(s, ',')) {
      auto io = split(part, '/');
      uint64_t i, n;
      if (io.size() == 2 && parse_u64(io[0], i) && parse_u64(io[1], n)) shards.insert({n, i});
      else if (!part.empty()) others.insert(part);
    }
  }
  if (others.empty() && !shards.empty()) {
    uint64_t n = shards.begin()->first;
    bool same_n = std::all_of(shards.begin(), shards.end(), [&](auto& p) { return p.first == n; });
    if (same_n && shards.size() == n) return "";
  }
  std::string out;
  // Appended piecewise: "," + std::to_string(...) gives a false -Wrestrict (GCC 12 at -O3).
  for (const auto& [n, i] : shards) {
    if (!out.empty()) out += ',';
    out += std::to_string(i);
    out += '/';
    out += std::to_string(n);
  }
  for (const auto& s : others) out += (out.empty() ? "" : ",") + s;
  return out;
}
}  // namespace

void Results::merge(const Results& o) {
  if (numpy_version.empty()) numpy_version = o.numpy_version;
  if (engine_version.empty()) engine_version = o.engine_version;
  min_cases = std::max(min_cases, o.min_cases);
  if (opdb_hash.empty()) opdb_hash = o.opdb_hash;
  else if (!o.opdb_hash.empty() && ("," + opdb_hash + ",").find("," + o.opdb_hash + ",") == std::string::npos)
    opdb_hash += "," + o.opdb_hash;
  if (seed == 0) seed = o.seed;
  // An empty shard string on either side means "the whole campaign" only when alone.
  if (!shard.empty() || !o.shard.empty()) shard = merge_shards(shard, o.shard);
  if (environment.empty()) environment = o.environment;
  seconds = std::max(seconds, o.seconds);
  complete = complete && o.complete;
  grad = grad || o.grad;
  for (const auto& [k, s] : o.stats) stats[k].merge(s);
  // Issue 14: shards of one campaign share the pair; participants and versions are unioned.
  for (const std::string& p : o.participants)
    if (std::find(participants.begin(), participants.end(), p) == participants.end()) participants.push_back(p);
  for (const auto& [who, v] : o.versions) versions.emplace(who, v);
  for (const auto& [key, patterns] : o.agreement)
    for (const auto& [pattern, n] : patterns) agreement[key][pattern] += n;
}

std::vector<StatsKey> Results::rows_short() const {
  std::vector<StatsKey> out;
  if (min_cases == 0) return out;
  for (const auto& [key, s] : stats)
    if (key.subject == subject && s.cases > 0 && s.cases < min_cases) out.push_back(key);
  return out;
}

Results merge_results(const std::vector<Results>& shards) {
  Results out;
  if (shards.empty()) return out;
  out = shards.front();
  for (size_t i = 1; i < shards.size(); ++i) out.merge(shards[i]);
  return out;
}

}  // namespace parity::fuzz
