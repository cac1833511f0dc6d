// The catalogue of semantic differences between NumPy and a library (reports/numpy-vs-torch/CASES.md,
// reports/numpy-vs-jax/CASES.md), rendered from a campaign's results.json: the rows of that library
// against NumPy, grouped by kind, then by op (its dtypes counted), each with the smallest minimal
// case of its dtypes, both outcomes, both snippets and its replay id. Everything is sorted and nothing depends on the clock or the host,
// so the committed file can be checked to regenerate byte-identical from the committed results.
#include <map>
#include <set>
#include <sstream>

#include "parity/errors.h"
#include "parity/opdocs.h"
#include "parity/report.h"
#include "report_common.h"

namespace parity::fuzz {

namespace {

std::string cell(const std::string& s) { return opinfo::md_cell(s); }

// What a kind means between two libraries (the catalogue's section intros).
std::string kind_meaning(Mismatch m, const std::string& lib) {
  switch (m) {
    case Mismatch::dtype:
      return "The results' dtypes differ: the libraries promote mixed inputs and Python scalars differently "
             "(NumPy follows NEP 50; " + lib + " has its own rules).";
    case Mismatch::value: return "Same dtype and shape, different values beyond the op's tolerance.";
    case Mismatch::error:
      return "One library raises and the other returns a result, or both raise errors of different classes.";
    case Mismatch::nonfinite: return "The values differ only where a side has NaN or an infinity, or an input does.";
    case Mismatch::integer:
      return "An integer or bool result differs: overflow and wraparound, division by zero, floor or truncating "
             "division.";
    case Mismatch::ordering:
      return "An ordering op (sort, max, maximum, clip, argmax...) on complex inputs differs in value or raises on "
             "one side only.";
    case Mismatch::shape: return "The results' shapes differ (keepdims, 0-d results, broadcasting).";
    case Mismatch::crash: return "The library's worker process died on the case.";
    case Mismatch::error_class:
      return "Both raise, and the error table maps " + lib + "'s exception onto NumPy's, but NumPy's class is not "
             "among its bases: an `except` clause written for NumPy does not catch it.";
    case Mismatch::aliasing:
      return "The results agree, but one library returns a view that shares memory with an input and the other a "
             "copy: writing to the result changes the input in one of them only.";
    case Mismatch::signed_zero: return "The results agree, but a zero has another sign (+0.0 against -0.0).";
    case Mismatch::warning:
      return "The results agree, but one library warns (RuntimeWarning, ComplexWarning, UserWarning...) where the "
             "other is silent, or they warn differently.";
    default: return "Kind `" + std::string(to_string(m)) + "`.";
  }
}

// One op x dtype x device row of the library against NumPy with a difference of one kind.
struct Entry {
  const StatsKey* key;
  const Stats* stats;
  const CaseRecord* rec;  // the minimal case; nullptr when the run kept none
  uint64_t cases;         // the row's cases of this kind
};

// The outcome of `who` in a record: from its three-way outcomes, else the side it was on.
std::string outcome_of(const CaseRecord& rec, const std::string& who) {
  for (const auto& [p, d] : rec.outcomes)
    if (p == who) return d;
  if (rec.subject == who) return rec.engine;
  if (rec.reference == who) return rec.numpy;
  return "";
}

// The example an op's entry shows: a case with elements rather than an empty one (an empty array
// shows a dtype but not the values that differ), then the smaller case.
bool better_example(const CaseRecord& a, const CaseRecord& b) {
  const bool ea = input_size(a) == 0, eb = input_size(b) == 0;
  if (ea != eb) return eb;
  return smaller_case(a, b);
}

}  // namespace

std::string render_catalogue(const Results& r, const std::string& library, const std::string& source,
                             const std::string& file) {
  if (!library_subject(library))
    throw ValueError("[report] the catalogue compares NumPy with torch, jax or torch-same-name, not '" + library + "'");
  const std::string lib = display_name(library);
  auto of_pair = [&](const StatsKey& k) {
    return (k.subject == library && k.against == "numpy") || (k.subject == "numpy" && k.against == library);
  };

  // The entries by kind: the kinds in its order, then any other kind found.
  std::vector<Mismatch> order(std::begin(kLibraryKinds), std::end(kLibraryKinds));
  for (Mismatch m : kAllKinds)
    if (std::find(order.begin(), order.end(), m) == order.end()) order.push_back(m);
  std::map<Mismatch, std::vector<Entry>> by_kind;
  Totals t;
  uint64_t rows = 0;
  std::set<std::string> ops_differing;
  std::set<StatsKey> rows_differing;
  for (const auto& [k, s] : r.stats) {
    if (!of_pair(k)) continue;
    ++rows;
    t.cases += s.cases, t.matches += s.matches, t.accepted += s.accepted, t.not_comparable += s.not_comparable;
    for (const auto& [m, n] : s.mismatches) {
      if (!n || m == Mismatch::none) continue;
      t.mismatches += n;
      auto it = s.minimal.find(m);
      by_kind[m].push_back(Entry{&k, &s, it == s.minimal.end() ? nullptr : &it->second, n});
      ops_differing.insert(k.op);
      rows_differing.insert(k);
    }
  }

  std::ostringstream os;
  os << "# NumPy vs " << lib << "\n\n"
     << "<!-- Generated by `parity report --catalogue` from a campaign's results.json: do not edit by hand. -->\n\n"
     << "The semantic differences between NumPy and " << lib << " that Parity's differential fuzzer found: each op "
     << "where " << lib << "'s outcome differed from NumPy's on some case, grouped by kind, with the dtypes it "
     << "differed in and its smallest non-empty minimal (shrunk) case, both libraries' results, the case as a snippet in both, and its id, which "
     << "`parity replay` reruns.\n\n";
  if (!source.empty())
    os << "Generated from the committed campaign `" << source << "` by `build/parity report " << source
       << " --catalogue " << (file.empty() ? "FILE" : file) << " --library " << library
       << "`; a test checks that this file is what that command writes.\n\n";
  const Environment& e = r.environment;
  auto known = [](const std::string& v) { return v.empty() ? std::string("(unknown)") : v; };
  std::string versions;
  std::map<std::string, std::string> vs = r.versions;
  if (!vs.count("numpy") && !r.numpy_version.empty()) vs["numpy"] = r.numpy_version;
  for (const auto& [p, v] : vs) versions += (versions.empty() ? "" : ", ") + p + " " + v;
  os << "| campaign | |\n|---|---|\n"
     << "| command | " << (e.command_line.empty() ? "(unknown)" : "`" + cell(e.command_line) + "`") << " |\n"
     << "| seed | " << r.seed << (r.shard.empty() ? "" : " (shard " + cell(r.shard) + ")") << " |\n"
     << "| date | " << cell(known(e.date)) << " |\n"
     << "| commit | " << cell(known(e.commit)) << " |\n"
     << "| CPU | " << cell(known(e.cpu)) << " |\n"
     << "| versions | " << cell(known(versions)) << " |\n"
     << "| checked | " << cell(pair_line(r)) << " |\n"
     << (r.opdb_hash.empty() ? "" : "| OpInfo entries | hash `" + cell(r.opdb_hash) + "` (`parity opdb-hash`) |\n")
     << (r.min_cases ? "| cases per row | " + cell(min_cases_line(r)) + " |\n" : "")
     << "| complete | " << (r.complete ? "yes" : "no: the run was stopped before its end (complete=false)") << " |\n"
     << "| cases | " << t.cases << " compared (" << t.matches << " agree, " << t.accepted << " accepted as declared, "
     << t.mismatches << " differ) and " << t.not_comparable << " not comparable, in " << rows << " op x dtype rows |\n\n";

  os << "## Summary\n\n"
     << t.mismatches << " differing cases in " << by_kind.size() << (by_kind.size() == 1 ? " kind" : " kinds")
     << " over " << ops_differing.size() << " distinct ops (" << rows_differing.size() << " op x dtype rows).\n\n";
  if (!by_kind.empty()) {
    os << "| kind | what differs | ops | op x dtype rows | cases |\n|---|---|---:|---:|---:|\n";
    for (Mismatch m : order) {
      auto it = by_kind.find(m);
      if (it == by_kind.end()) continue;
      std::set<std::string> ops;
      uint64_t n = 0;
      for (const Entry& en : it->second) ops.insert(en.key->op), n += en.cases;
      os << "| " << kind_title(m, true) << " (`" << to_string(m) << "`) | " << cell(kind_meaning(m, lib)) << " | "
         << ops.size() << " | " << it->second.size() << " | " << n << " |\n";
    }
  }

  const std::string numpy_label = "NumPy" + (vs.count("numpy") ? " " + vs.at("numpy") : std::string());
  const std::string lib_label = lib + (vs.count(library) ? " " + vs.at(library) : std::string());
  for (Mismatch m : order) {
    auto it = by_kind.find(m);
    if (it == by_kind.end()) continue;
    std::set<std::string> ops;
    for (const Entry& en : it->second) ops.insert(en.key->op);
    std::string op_list;
    for (const std::string& op : ops) op_list += (op_list.empty() ? "" : ", ") + op;
    os << "\n## " << kind_title(m, true) << "\n\n" << kind_meaning(m, lib) << "\n\nOps: " << op_list << ".\n";
    // One entry per op: its dtypes with their counts, and the best example among their minimal
    // cases (better_example), so each difference is read once.
    std::map<std::string, std::vector<const Entry*>> by_op;
    for (const Entry& en : it->second) by_op[en.key->op].push_back(&en);
    for (const auto& [op, entries] : by_op) {
      uint64_t n = 0, of = 0;
      std::string dts;
      const CaseRecord* best = nullptr;
      for (const Entry* en : entries) {
        n += en->cases, of += en->stats->cases;
        dts += (dts.empty() ? "" : ", ") + std::string(name(en->key->dtype)) +
               (en->key->device.is_cpu() ? "" : " on " + to_string(en->key->device)) + " (" + std::to_string(en->cases) +
               "/" + std::to_string(en->stats->cases) + ")";
        if (en->rec && (!best || better_example(*en->rec, *best))) best = en->rec;
      }
      os << "\n### " << op << "\n\n" << n << " of " << of << " cases, in " << entries.size()
         << (entries.size() == 1 ? " dtype" : " dtypes") << ": " << dts << ".";
      if (!best) {
        os << " The run kept no minimal case.\n";
        continue;
      }
      const CaseRecord& rec = *best;
      os << "\n\nExample (" << name(rec.dtype) << ", variant " << to_string(rec.variant) << "): `" << rec.replay()
         << "`\n\n";
      if (!rec.detail.empty()) os << "Difference: " << cell(rec.detail) << "\n\n";
      os << "Inputs:\n\n" << md_fence(rec.inputs);
      os << "\n" << numpy_label << ":\n\n" << md_fence(outcome_of(rec, "numpy"));
      os << "\n" << lib_label << ":\n\n" << md_fence(outcome_of(rec, library));
      if (!rec.python.empty()) os << "\nIn NumPy:\n\n" << md_fence(rec.python, "python");
      if (!rec.subject_python.empty() && rec.subject == library)
        os << "\nIn " << lib << ":\n\n" << md_fence(rec.subject_python, "python");
    }
  }

  // Differences the OpInfo entries declare (accepted): listed with an example to replay.
  bool any_accepted = false;
  for (const auto& [k, s] : r.stats) {
    if (!of_pair(k)) continue;
    for (const auto& [decl, a] : s.accepted_by) {
      if (!any_accepted)
        os << "\n## Declared differences\n\nCases whose difference the op's OpInfo entry declares (accepted: "
           << "neither agreement nor a finding).\n\n| op | dtype | device | cases | declaration | example |\n"
           << "|---|---|---|---:|---|---|\n";
      any_accepted = true;
      os << "| " << cell(k.op) << " | " << name(k.dtype) << " | " << to_string(k.device) << " | " << a.cases << " | "
         << cell(decl) << " | " << (a.example.empty() ? "" : "`parity replay " + cell(a.example) + "`") << " |\n";
    }
  }

  // What could not be compared, by reason: the ops and dtypes a library lacks.
  std::map<std::string, std::pair<uint64_t, std::map<std::string, std::vector<DType>>>> nc;
  for (const auto& [k, s] : r.stats) {
    if (!of_pair(k) || !s.not_comparable) continue;
    std::map<std::string, uint64_t> by = s.not_comparable_by;
    if (by.empty()) by["(no reason recorded)"] = s.not_comparable;
    for (const auto& [why, n] : by) {
      auto& [count, ops] = nc[why];
      count += n;
      auto& ds = ops[k.op];
      if (std::find(ds.begin(), ds.end(), k.dtype) == ds.end()) ds.push_back(k.dtype);
    }
  }
  if (!nc.empty()) {
    os << "\n## Not comparable\n\nCases one library could not run (it lacks the op, the variant or the dtype): "
       << "neither agreement nor a difference.\n\n| reason | cases | ops (dtypes) |\n|---|---:|---|\n";
    for (const auto& [why, entry] : nc) {
      std::string list;
      for (const auto& [op, ds] : entry.second) {
        std::string d;
        for (DType x : ds) d += (d.empty() ? "" : ", ") + std::string(name(x));
        list += (list.empty() ? "" : "; ") + op + " (" + d + ")";
      }
      os << "| " << cell(why) << " | " << entry.first << " | " << cell(list) << " |\n";
    }
  }
  return os.str();
}

}  // namespace parity::fuzz
