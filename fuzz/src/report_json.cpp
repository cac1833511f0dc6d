// results.json and baseline.json: reading, writing (atomically), and the string forms of enums.
// Schema: reports/SCHEMA.md.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "parity/errors.h"
#include "parity/closest.h"
#include "parity/report.h"

namespace parity::fuzz {

using json = nlohmann::ordered_json;
namespace fs = std::filesystem;

// ---- enums ----

Mismatch mismatch_from_string(const std::string& s) {
  for (Mismatch m : {Mismatch::none, Mismatch::value, Mismatch::dtype, Mismatch::shape,
                     Mismatch::error, Mismatch::crash, Mismatch::grad, Mismatch::device, Mismatch::nonfinite,
                     Mismatch::integer, Mismatch::ordering, Mismatch::error_class, Mismatch::aliasing,
                     Mismatch::signed_zero, Mismatch::warning})
    if (s == to_string(m)) return m;
  if (s == "none") return Mismatch::none;
  throw ValueError("[report] unknown mismatch kind '" + s +
                   "' (value, dtype, shape, error, crash, grad, device, nonfinite, integer, ordering, "
                   "error_class, aliasing, signed_zero, warning)");
}

Device device_from_string(const std::string& s) {
  try {
    return Device::parse(s);
  } catch (const ValueError&) {
    throw ValueError("[report] unknown device '" + s + "' (cpu, cuda, cuda:N)");
  }
}

Variant variant_from_string(const std::string& s) {
  for (Variant v : {Variant::function, Variant::method, Variant::inplace, Variant::out})
    if (s == to_string(v)) return v;
  throw ValueError("[report] unknown variant '" + s + "'");
}

std::string format_number(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

// ---- atomic files ----

void write_file_atomic(const std::string& path, const std::string& content) {
  fs::path p(path);
  if (p.has_parent_path()) fs::create_directories(p.parent_path());
  // Unique per process and call, so concurrent writers never share a temporary file.
  static std::atomic<uint64_t> counter{0};
  std::string tmp = path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw ValueError("[report] cannot write " + tmp);
  size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      ::close(fd);
      ::unlink(tmp.c_str());
      throw ValueError("[report] write failed: " + tmp);
    }
    done += static_cast<size_t>(n);
  }
  ::fsync(fd);
  ::close(fd);
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    ::unlink(tmp.c_str());
    throw ValueError("[report] cannot rename " + tmp + " to " + path);
  }
}

namespace {

std::string read_file(const std::string& path, const char* what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ValueError(std::string("[report] cannot read ") + what + " " + path);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

// JSON has no inf/nan: non-finite numbers are written as the strings "inf", "-inf", "nan".
json num(double v) {
  if (std::isfinite(v)) return v;
  return format_number(v);
}
double get_num(const json& j, const char* key) {
  if (!j.contains(key)) return 0;
  const json& v = j.at(key);
  if (v.is_number()) return v.get<double>();
  if (v.is_string()) {
    std::string s = v.get<std::string>();
    if (s == "inf") return INFINITY;
    if (s == "-inf") return -INFINITY;
    if (s == "nan") return NAN;
  }
  if (v.is_null()) return 0;
  throw ValueError(std::string("[report] '") + key + "' is not a number");
}
std::string get_str(const json& j, const char* key) {
  if (!j.contains(key) || j.at(key).is_null()) return "";
  return j.at(key).get<std::string>();
}
uint64_t get_u64(const json& j, const char* key) {
  if (!j.contains(key)) return 0;
  return j.at(key).get<uint64_t>();
}

json record_json(const CaseRecord& r) {
  json j{{"id", r.id.str()},
              {"op", r.op},
              {"dtype", name(r.dtype)},
              {"device", to_string(r.device)},
              {"variant", to_string(r.variant)},
              {"kind", to_string(r.kind)},
              {"max_abs", num(r.max_abs)},
              {"max_rel", num(r.max_rel)},
              {"max_ulp", r.has_ulp ? num(r.max_ulp) : json(nullptr)},
              {"input_size", input_size(r)},
              {"detail", r.detail},
              {"inputs", r.inputs},
              {"engine", r.engine},
              {"numpy", r.numpy},
              {"python", r.python},
              {"replay", r.replay()}};
  // Issue 14: the pair, the subject library's snippet, a three-way case's outcomes and pattern
  // (written when they say something beyond the engine against NumPy).
  if (r.subject != "engine" || r.reference != "numpy") {
    j["subject"] = r.subject;
    j["reference"] = r.reference;
  }
  if (!r.subject_python.empty()) j["subject_python"] = r.subject_python;
  if (!r.outcomes.empty()) {
    json outs = json::array();
    for (const auto& [who, what] : r.outcomes) outs.push_back(json{{"participant", who}, {"outcome", what}});
    j["outcomes"] = outs;
  }
  if (!r.pattern.empty()) j["pattern"] = r.pattern;
  return j;
}

CaseRecord record_from_json(const json& j) {
  CaseRecord r;
  r.id = CaseId::parse(j.at("id").get<std::string>());
  r.op = j.contains("op") ? j.at("op").get<std::string>() : r.id.op;
  r.dtype = dtype_from_name(j.at("dtype").get<std::string>());
  r.device = device_from_string(j.value("device", std::string("cpu")));
  r.variant = variant_from_string(j.value("variant", std::string("function")));
  r.kind = mismatch_from_string(j.at("kind").get<std::string>());
  r.max_abs = get_num(j, "max_abs");
  r.max_rel = get_num(j, "max_rel");
  r.max_ulp = get_num(j, "max_ulp");
  r.has_ulp = j.contains("max_ulp") && !j.at("max_ulp").is_null();
  r.detail = get_str(j, "detail");
  r.inputs = get_str(j, "inputs");
  r.engine = get_str(j, "engine");
  r.numpy = get_str(j, "numpy");
  r.python = get_str(j, "python");
  if (j.contains("subject")) r.subject = get_str(j, "subject");
  if (j.contains("reference")) r.reference = get_str(j, "reference");
  r.subject_python = get_str(j, "subject_python");
  if (j.contains("outcomes"))
    for (const json& o : j.at("outcomes")) r.outcomes.emplace_back(get_str(o, "participant"), get_str(o, "outcome"));
  r.pattern = get_str(j, "pattern");
  return r;
}

// A row's worst case (Stats::worst): null when the row had no float result.
json worst_json(const std::optional<WorstCase>& w) {
  if (!w) return nullptr;
  return json{{"id", w->id.str()},
              {"max_ulp", num(w->ulp)},
              {"kind", to_string(w->kind)},
              {"accepted", w->accepted},
              {"replay", "parity replay " + w->id.str()}};
}
std::optional<WorstCase> worst_from_json(const json& row) {
  if (!row.contains("worst_case") || row.at("worst_case").is_null()) return std::nullopt;
  const json& j = row.at("worst_case");
  WorstCase w;
  w.id = CaseId::parse(j.at("id").get<std::string>());
  w.ulp = get_num(j, "max_ulp");
  w.kind = mismatch_from_string(j.value("kind", std::string("match")));
  w.accepted = j.value("accepted", false);
  return w;
}

}  // namespace

// ---- results.json ----

std::string results_to_json(const Results& r) {
  json rows = json::array();
  uint64_t cases = 0, matches = 0, mism = 0, grad_checked = 0, grad_failed = 0, not_comparable = 0;
  for (const auto& [key, s] : r.stats) {
    json by_kind = json::object();
    for (const auto& [k, n] : s.mismatches)
      if (n) by_kind[to_string(k)] = n;
    json minimal = json::object();
    for (const auto& [k, rec] : s.minimal) minimal[to_string(k)] = record_json(rec);
    uint64_t total_mism = s.cases - s.matches - s.accepted;  // not-comparable cases are not in s.cases
    json accepted_by = json::array();
    for (const auto& [decl, a] : s.accepted_by)
      accepted_by.push_back(json{{"declaration", decl}, {"cases", a.cases}, {"example", a.example}});
    const uint64_t gfail = s.mismatches.count(Mismatch::grad) ? s.mismatches.at(Mismatch::grad) : 0;
    json nc_by = json::object();
    for (const auto& [why, n] : s.not_comparable_by) nc_by[why] = n;
    rows.push_back(json{{"op", key.op},
                        {"dtype", name(key.dtype)},
                        {"device", to_string(key.device)},
                        {"subject", key.subject},
                        {"against", key.against},
                        {"cases", s.cases},
                        {"not_comparable", s.not_comparable},
                        {"not_comparable_by", nc_by},
                        {"matches", s.matches},
                        {"accepted", s.accepted},
                        {"accepted_by", accepted_by},
                        {"mismatches", by_kind},
                        {"max_abs", num(s.max_abs)},
                        {"max_rel", num(s.max_rel)},
                        {"max_ulp", s.worst ? num(s.max_ulp) : json(nullptr)},
                        {"worst_case", worst_json(s.worst)},
                        {"ulp_histogram", s.ulp_histogram},
                        {"minimal", minimal},
                        {"seconds", num(s.seconds)}});
    if (r.grad || s.grad_checked) rows.back()["grad"] = json{{"checked", s.grad_checked}, {"failures", gfail}};
    grad_checked += s.grad_checked;
    grad_failed += gfail;
    cases += s.cases;
    matches += s.matches;
    mism += total_mism;
    not_comparable += s.not_comparable;
  }
  json participants = r.participants, versions = json::object(), agreement = json::array();
  for (const auto& [who, v] : r.versions) versions[who] = v;
  for (const auto& [key, patterns] : r.agreement) {
    json p = json::object();
    for (const auto& [pattern, n] : patterns) p[pattern] = n;
    agreement.push_back(json{{"op", key.first}, {"dtype", name(key.second)}, {"patterns", p}});
  }
  json j{{"schema", "parity-fuzz-results"},
         {"version", kResultsSchemaVersion},
         {"complete", r.complete},
         {"mode", r.grad ? "grad" : "value"},
         {"against", r.against},
         {"subject", r.subject},
         {"participants", participants},
         {"versions", versions},
         {"seed", r.seed},
         {"shard", r.shard},
         {"seconds", num(r.seconds)},
         {"numpy_version", r.numpy_version},
         {"engine_version", r.engine_version},
         {"opdb_hash", r.opdb_hash},
         {"min_cases", r.min_cases},
         {"environment", json{{"date", r.environment.date},
                              {"commit", r.environment.commit},
                              {"cpu", r.environment.cpu},
                              {"simd_target", r.environment.simd_target},
                              {"threads", r.environment.threads},
                              {"command_line", r.environment.command_line},
                              {"numpy_version", r.numpy_version}}},
         {"ulp_buckets", ulp_bucket_labels()},
         {"totals", {{"cases", cases}, {"matches", matches}, {"mismatches", mism}, {"not_comparable", not_comparable}}},
         {"stats", rows},
         {"agreement", agreement}};
  if (r.grad) j["totals"].update(json{{"grad_checked", grad_checked}, {"grad_failures", grad_failed}});
  return j.dump(2) + "\n";
}

Results results_from_json(const std::string& text) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    throw ValueError(std::string("[report] results.json is not valid JSON: ") + e.what());
  }
  try {
    if (!j.is_object() || j.value("schema", std::string()) != "parity-fuzz-results")
      throw ValueError("[report] not a parity results file (schema != parity-fuzz-results)");
    if (j.value("version", 0) != kResultsSchemaVersion)
      throw ValueError("[report] unsupported results.json version " + j.value("version", json()).dump());
    Results r;
    r.complete = j.value("complete", false);
    r.grad = j.value("mode", std::string("value")) == "grad";
    r.against = j.value("against", std::string("numpy"));
    if (r.against != "numpy" && r.against != "cpu" && r.against != "torch" && r.against != "jax")
      throw ValueError("[report] unknown \"against\" '" + r.against + "' (numpy, cpu, torch, jax)");
    r.subject = j.value("subject", std::string("engine"));
    if (r.subject != "engine" && !library_subject(r.subject))
      throw ValueError("[report] unknown \"subject\" '" + r.subject + "' (engine, torch, jax, torch-same-name)");
    if (j.contains("participants")) r.participants = j.at("participants").get<std::vector<std::string>>();
    if (j.contains("versions"))
      for (const auto& [who, v] : j.at("versions").items()) r.versions[who] = v.get<std::string>();
    if (j.contains("agreement"))
      for (const json& a : j.at("agreement")) {
        auto& patterns = r.agreement[{a.at("op").get<std::string>(), dtype_from_name(a.at("dtype").get<std::string>())}];
        for (const auto& [pattern, n] : a.at("patterns").items()) patterns[pattern] += n.get<uint64_t>();
      }
    r.seed = get_u64(j, "seed");
    r.shard = get_str(j, "shard");
    r.seconds = get_num(j, "seconds");
    r.numpy_version = get_str(j, "numpy_version");
    r.engine_version = get_str(j, "engine_version");
    r.opdb_hash = j.value("opdb_hash", std::string());  // absent from files written before issue 27
    r.min_cases = j.value("min_cases", uint64_t{0});
    if (j.contains("environment")) {  // absent from files written before it existed
      const json& e = j.at("environment");
      r.environment.date = get_str(e, "date");
      r.environment.commit = get_str(e, "commit");
      r.environment.cpu = get_str(e, "cpu");
      r.environment.simd_target = get_str(e, "simd_target");
      r.environment.threads = e.value("threads", 0);
      r.environment.command_line = get_str(e, "command_line");
    }
    for (const json& row : j.at("stats")) {
      // Rows without a pair (files from before issue 14) are the run's pair.
      StatsKey key{row.at("op").get<std::string>(), dtype_from_name(row.at("dtype").get<std::string>()),
                   device_from_string(row.value("device", std::string("cpu"))), row.value("subject", r.subject),
                   row.value("against", r.against)};
      Stats s;
      s.cases = get_u64(row, "cases");
      s.matches = get_u64(row, "matches");
      if (row.contains("accepted")) s.accepted = get_u64(row, "accepted");
      if (row.contains("accepted_by"))
        for (const json& a : row.at("accepted_by"))
          s.accepted_by[a.at("declaration").get<std::string>()] = AcceptedBy{get_u64(a, "cases"), get_str(a, "example")};
      if (row.contains("mismatches"))
        for (const auto& [k, n] : row.at("mismatches").items()) s.mismatches[mismatch_from_string(k)] = n.get<uint64_t>();
      if (row.contains("seconds")) s.seconds = get_num(row, "seconds");
      s.not_comparable = get_u64(row, "not_comparable");
      if (row.contains("not_comparable_by"))
        for (const auto& [why, n] : row.at("not_comparable_by").items()) s.not_comparable_by[why] = n.get<uint64_t>();
      if (row.contains("grad")) s.grad_checked = get_u64(row.at("grad"), "checked");
      s.max_abs = get_num(row, "max_abs");
      s.max_rel = get_num(row, "max_rel");
      s.max_ulp = get_num(row, "max_ulp");
      s.worst = worst_from_json(row);
      if (row.contains("ulp_histogram")) {
        s.ulp_histogram = row.at("ulp_histogram").get<std::vector<uint64_t>>();
        if (s.ulp_histogram.size() < ulp_bucket_labels().size()) s.ulp_histogram.resize(ulp_bucket_labels().size(), 0);
      }
      if (row.contains("minimal"))
        for (const auto& [k, rec] : row.at("minimal").items()) s.minimal[mismatch_from_string(k)] = record_from_json(rec);
      r.stats[key].merge(s);
    }
    return r;
  } catch (const json::exception& e) {
    throw ValueError(std::string("[report] malformed results.json: ") + e.what());
  }
}

void write_results_json(const Results& r, const std::string& path) {
  write_file_atomic(path, results_to_json(r));
}

Results read_results_json(const std::string& path) {
  return results_from_json(read_file(path, "results"));
}

Results merge_results_files(const std::vector<std::string>& paths) {
  std::vector<Results> shards;
  for (const std::string& p : paths) {
    fs::path file = fs::is_directory(p) ? fs::path(p) / "results.json" : fs::path(p);
    shards.push_back(read_results_json(file.string()));
  }
  return merge_results(shards);
}

void write_reports(const Results& r, const std::string& dir, const Baseline* baseline) {
  fs::create_directories(dir);
  fs::path d(dir);
  write_file_atomic((d / "results.json").string(), results_to_json(r));
  write_file_atomic((d / "summary.md").string(), render_markdown(r, baseline));
  write_file_atomic((d / "table.md").string(), render_markdown_table(r, baseline));
  write_file_atomic((d / "index.html").string(), render_html(r, baseline));
  write_file_atomic((d / "junit.xml").string(), render_junit(r, baseline));
}

// ---- baseline.json ----

bool BaselineEntry::matches(const std::string& o, DType d, Device dev, const std::string& s,
                            const std::string& a) const {
  if (op != o || (dtype != "*" && dtype != name(d))) return false;
  if (subject != s) return false;
  if (against.empty() ? !(a == "numpy" || a == "cpu") : against != a) return false;
  if (device == "*" || device == to_string(dev)) return true;
  try {  // "cuda" is cuda:0, as Device::parse reads it (results name it "cuda:0")
    return Device::parse(device) == dev;
  } catch (const Error&) {
    return false;
  }
}

std::string BaselineEntry::str() const {
  std::string s = op + " " + dtype + " " + device + " " + to_string(kind);
  if (subject != "engine" || !against.empty()) s += " " + subject + " vs " + (against.empty() ? "numpy" : against);
  return s;
}

Baseline baseline_from_json(const std::string& text) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    throw ValueError(std::string("[baseline] not valid JSON: ") + e.what());
  }
  if (!j.is_object()) throw ValueError("[baseline] expected an object {\"version\": 1, \"accepted\": [...]}");
  if (j.value("version", 0) != kBaselineSchemaVersion)
    throw ValueError("[baseline] unsupported version " + j.value("version", json()).dump());
  if (!j.contains("accepted") || !j.at("accepted").is_array())
    throw ValueError("[baseline] missing the \"accepted\" list");
  Baseline b;
  size_t i = 0;
  for (const json& e : j.at("accepted")) {
    std::string where = "[baseline] entry " + std::to_string(i++);
    auto str_field = [&](const char* k, const char* dflt) -> std::string {
      if (!e.contains(k)) {
        if (dflt) return dflt;
        throw ValueError(where + ": missing \"" + k + "\"");
      }
      if (!e.at(k).is_string()) throw ValueError(where + ": \"" + k + "\" must be a string");
      return e.at(k).get<std::string>();
    };
    if (!e.is_object()) throw ValueError(where + ": not an object");
    BaselineEntry be;
    be.op = str_field("op", nullptr);
    if (be.op.empty()) throw ValueError(where + ": empty op");
    if (const opinfo::OpInfo* known = opinfo::find_op(be.op)) {
      be.op = known->name;  // an alias names its op
    } else {  // a typo would otherwise never match, and never be stale
      std::vector<std::string> names;
      for (const opinfo::OpInfo& op : opinfo::op_db()) names.push_back(op.name);
      throw ValueError(where + ": unknown op '" + be.op + "'" + did_you_mean(be.op, names) +
                       " (`parity ops` lists them)");
    }
    where += " (" + be.op + ")";
    be.dtype = str_field("dtype", "*");
    if (be.dtype != "*") {
      try {
        be.dtype = name(dtype_from_name(be.dtype));
      } catch (const Error&) {
        throw ValueError(where + ": unknown dtype '" + be.dtype + "'");
      }
    }
    be.device = str_field("device", "cpu");
    be.subject = str_field("subject", "engine");
    be.against = str_field("against", "");
    if (be.subject != "engine" && !library_subject(be.subject))
      throw ValueError(where + ": unknown subject '" + be.subject + "' (engine, torch, jax, torch-same-name)");
    if (!be.against.empty() && be.against != "numpy" && be.against != "cpu" && be.against != "torch" && be.against != "jax")
      throw ValueError(where + ": unknown against '" + be.against + "' (numpy, cpu, torch, jax)");
    std::string kind = str_field("kind", nullptr);
    try {
      if (be.device != "*") device_from_string(be.device);
      be.kind = mismatch_from_string(kind);
    } catch (const Error& err) {
      throw ValueError(where + ": " + err.what());
    }
    if (be.kind == Mismatch::none) throw ValueError(where + ": kind must be value, dtype, shape, error, crash or grad");
    be.reason = str_field("reason", "");
    if (be.reason.find_first_not_of(" \t\n") == std::string::npos)
      throw ValueError(where + ": an accepted discrepancy needs a reason");
    b.accepted.push_back(std::move(be));
  }
  return b;
}

std::string baseline_to_json(const Baseline& b) {
  json acc = json::array();
  for (const BaselineEntry& e : b.accepted)
  {
    json x{{"op", e.op}, {"dtype", e.dtype}, {"device", e.device}, {"kind", to_string(e.kind)}, {"reason", e.reason}};
    if (e.subject != "engine") x["subject"] = e.subject;
    if (!e.against.empty()) x["against"] = e.against;
    acc.push_back(x);
  }
  return json{{"version", kBaselineSchemaVersion}, {"accepted", acc}}.dump(2) + "\n";
}

Baseline load_baseline(const std::string& path) {
  return baseline_from_json(read_file(path, "baseline"));
}

void save_baseline(const Baseline& b, const std::string& path) {
  write_file_atomic(path, baseline_to_json(b));
}

}  // namespace parity::fuzz
