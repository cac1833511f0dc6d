#include "parity/opdocs.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "dtype_sets.h"

namespace parity::opinfo {

std::string dtype_set_str(const std::vector<DType>& ds) {
  if (ds.empty()) return "none";
  if (ds == all_dtypes()) return "all";
  if (ds == all_but_bool()) return "all but bool";
  if (ds == all_but_complex()) return "all but complex";
  if (ds == bool_and_integers()) return "bool and integers";
  // Appended piecewise: GCC 12 at -O3 gives a false -Wrestrict for "," + std::string(...).
  std::string s;
  for (DType d : ds) {
    if (!s.empty()) s += ' ';
    s += name(d);
  }
  return s;
}

namespace {
std::string variants_str(const OpInfo& op) {
  std::string s;
  for (Variant v : op.variants) {
    if (!s.empty()) s += ',';
    s += to_string(v);
  }
  return s;
}
std::string autograd_str(const OpInfo& op) {
  return op.supports_gradgrad ? "grad+gradgrad" : op.supports_autograd ? "grad" : "no";
}
}  // namespace

std::string ops_table() {
  std::ostringstream os;
  os << "op\tfamily\tvariants\tdtypes(cpu)\tdtypes(cuda)\treference\tautograd\n";
  for (const auto& op : op_db())
    os << op.name << "\t" << op.family << "\t" << variants_str(op) << "\t" << dtype_set_str(op.dtypes_cpu) << "\t"
       << dtype_set_str(op.dtypes_cuda) << "\t" << op.numpy_ref << "\t" << autograd_str(op) << "\n";
  return os.str();
}

std::string ops_json() {
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& op : op_db()) {
    nlohmann::json j;
    j["name"] = op.name;
    j["aliases"] = op.aliases;
    j["family"] = op.family;
    std::vector<std::string> vs;
    for (Variant v : op.variants) vs.push_back(to_string(v));
    j["variants"] = vs;
    auto names = [](const std::vector<DType>& ds) {
      std::vector<std::string> n;
      for (DType d : ds) n.push_back(name(d));
      return n;
    };
    j["dtypes"] = {{"cpu", names(op.dtypes_cpu)}, {"cuda", names(op.dtypes_cuda)}};
    j["reference"] = op.numpy_ref;
    j["numpy_method"] = op.numpy_method;
    // How the op reaches PyTorch and JAX (issue 14); "missing" says why a library has no such op.
    j["torch"] = {{"ref", op.torch_ref}, {"method", op.torch_method}, {"missing", op.torch_missing}};
    j["jax"] = {{"ref", op.jax_ref}, {"missing", op.jax_missing}};
    j["autograd"] = {{"grad", op.supports_autograd}, {"gradgrad", op.supports_gradgrad}};
    // Where a differentiable op has no derivative (its record's no_grad_where): backward raises.
    nlohmann::json where = nlohmann::json::array();
    if (const OpRecord* r = find_op_record(op.name))
      for (const NoGradWhere& w : r->no_grad_where) {
        nlohmann::json kws = nlohmann::json::object();
        for (const KeywordIs& k : w.keywords) kws[k.keyword] = {{"default", k.default_value}, {"in", k.values}};
        static const char* const shapes[] = {"any", "tall (M > N)", "wide (M < N)", "non-square (M != N)"};
        where.push_back({{"keywords", kws}, {"shape", shapes[static_cast<int>(w.shape)]}, {"why", w.why}});
      }
    j["autograd"]["not_where"] = where;
    nlohmann::json ds = nlohmann::json::array();
    for (const auto& d : op.discrepancies)
      ds.push_back({{"kind", d.kind == Discrepancy::Kind::skip ? "skip" : "differs"},
                    {"dtypes", names(d.dtypes)}, {"suites", d.suites}, {"what", d.what}, {"reason", d.reason},
                    {"sample", d.note}, {"when", d.when}, {"device", d.device}});
    j["discrepancies"] = ds;
    nlohmann::json ts = nlohmann::json::array();
    for (const auto& t : op.tolerances)
      ts.push_back({{"dtype", name(t.dtype)}, {"rtol", t.tol.rtol}, {"atol", t.tol.atol}, {"reason", t.reason}});
    j["tolerance_overrides"] = ts;
    nlohmann::json dts = nlohmann::json::array();
    for (const auto& t : op.device_tolerances)
      dts.push_back({{"dtype", name(t.dtype)}, {"rtol", t.tol.rtol}, {"atol", t.tol.atol}, {"reason", t.reason}});
    j["device_tolerances"] = dts;
    arr.push_back(j);
  }
  return arr.dump(2) + "\n";
}

namespace {


std::string join(const std::vector<std::string>& items, const char* sep) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : sep) + i;
  return s;
}

void add_unique(std::vector<std::string>& v, const std::string& s) {
  if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
}

}  // namespace

std::string discrepancies_markdown() {
  std::ostringstream os;
  os << "# Declared discrepancies from NumPy\n\n"
        "Generated from the OpInfo database (`opinfo/src/entries_*.cpp`) by `build/parity discrepancies "
        "--write reports/DISCREPANCIES.md`; a test fails when this file is out of date.\n"
        "Each row is a behaviour of the engine that deliberately differs from NumPy 2.2 (`differs`), or a "
        "case the suites skip (`skip`), with its reason; ops that share a reason (and kind, dtypes, suites and "
        "cases) share a row. Tolerance overrides follow.\n\n";
  // Rows grouped by everything but the op (and the wording of `what`), in order of first appearance.
  struct Group {
    std::string reason, kind, dtypes, suites, cases;
    std::vector<std::string> ops, whats;
  };
  std::vector<Group> groups;
  auto add = [&](const std::string& op, const Discrepancy& d) {
    std::string suites = join(d.suites, ", ");
    std::string cases = d.note.empty() ? "" : "sample: " + d.note;
    if (!d.when.empty()) cases += (cases.empty() ? "" : "; ") + d.when;
    if (!d.device.empty()) cases += (cases.empty() ? "" : "; ") + std::string("on a GPU");
    if (!d.subject.empty() || !d.against.empty()) {  // a declaration about a library pair (issue 14)
      if (!cases.empty()) cases += "; ";
      cases += d.subject.empty() ? std::string("the engine") : d.subject;
      cases += " against ";
      cases += d.against.empty() ? std::string("NumPy") : d.against;
    }
    Group key{d.reason, d.kind == Discrepancy::Kind::skip ? "skip" : "differs",
              d.dtypes.empty() ? "all" : dtype_set_str(d.dtypes), suites.empty() ? "all" : suites,
              cases.empty() ? "all" : cases, {}, {}};
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
      return g.reason == key.reason && g.kind == key.kind && g.dtypes == key.dtypes && g.suites == key.suites &&
             g.cases == key.cases;
    });
    if (it == groups.end()) it = groups.insert(groups.end(), key);
    add_unique(it->ops, op);
    add_unique(it->whats, d.what);
  };
  for (const auto& d : global_discrepancies()) add("* (every op)", d);
  for (const auto& op : op_db())
    for (const auto& d : op.discrepancies) add(op.name, d);
  os << "| ops | kind | dtypes | suites | cases | what | reason |\n|---|---|---|---|---|---|---|\n";
  for (const Group& g : groups) {
    // A reason shared by groups that differ in kind, dtypes, suites or cases is written once.
    auto first = std::find_if(groups.begin(), groups.end(), [&](const Group& o) { return o.reason == g.reason; });
    std::string reason = &*first == &g ? g.reason : "same reason as for " + join(first->ops, ", ") + " above";
    os << "| " << md_cell(join(g.ops, ", ")) << " | " << g.kind << " | " << md_cell(g.dtypes) << " | "
       << md_cell(g.suites) << " | " << md_cell(g.cases) << " | " << md_cell(join(g.whats, "; ")) << " | "
       << md_cell(reason) << " |\n";
  }
  if (groups.empty()) os << "| (none) | | | | | | |\n";

  os << "\n## Tolerance overrides\n\nDefaults (`default_tolerance`, by result dtype): float16 rtol 1e-3, bfloat16 "
        "1.6e-2, float32/complex64 1.3e-6 (atol 1e-5), float64/complex128 1e-7 (atol 1e-7); integers and bool exact.\n\n"
        "A row whose ops say \"(on a GPU)\" is a device tolerance: it holds between a GPU result and the CPU's, "
        "and between layouts on the GPU, where the device's order of accumulation differs by design.\n\n"
        "| ops | dtypes | rtol | atol | reason |\n|---|---|---|---|---|\n";
  struct TolGroup {
    std::string reason;
    double rtol, atol;
    std::vector<std::string> ops;
    std::vector<std::vector<std::string>> dtypes;  // per op
  };
  std::vector<TolGroup> tols;
  for (const auto& op : op_db())
    for (int device = 0; device < 2; ++device)
      for (const auto& t : device ? op.device_tolerances : op.tolerances) {
        const std::string label = device ? op.name + " (on a GPU)" : op.name;
        auto it = std::find_if(tols.begin(), tols.end(), [&](const TolGroup& g) {
          return g.reason == t.reason && g.rtol == t.tol.rtol && g.atol == t.tol.atol;
        });
        if (it == tols.end()) it = tols.insert(tols.end(), TolGroup{t.reason, t.tol.rtol, t.tol.atol, {}, {}});
        auto o = std::find(it->ops.begin(), it->ops.end(), label);
        if (o == it->ops.end()) {
          it->ops.push_back(label);
          it->dtypes.emplace_back();
          o = it->ops.end() - 1;
        }
        add_unique(it->dtypes[static_cast<size_t>(o - it->ops.begin())], name(t.dtype));
      }
  for (const TolGroup& g : tols) {
    bool same = std::all_of(g.dtypes.begin(), g.dtypes.end(), [&](const auto& d) { return d == g.dtypes.front(); });
    std::string dtypes;
    if (same) {
      dtypes = join(g.dtypes.front(), ", ");
    } else {
      std::vector<std::string> per_op;
      for (size_t i = 0; i < g.ops.size(); ++i) per_op.push_back(g.ops[i] + ": " + join(g.dtypes[i], ", "));
      dtypes = join(per_op, "; ");
    }
    std::ostringstream rtol, atol;
    rtol << g.rtol;
    atol << g.atol;
    os << "| " << md_cell(join(g.ops, ", ")) << " | " << md_cell(dtypes) << " | " << rtol.str() << " | " << atol.str()
       << " | " << md_cell(g.reason) << " |\n";
  }
  if (tols.empty()) os << "| (none) | | | | |\n";
  return os.str();
}

// One Markdown table cell: `|` escaped, newlines folded into spaces.
std::string md_cell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += "\\|";
    else if (c == '\n' || c == '\r') out += ' ';
    else out += c;
  }
  return out;
}

}  // namespace parity::opinfo
