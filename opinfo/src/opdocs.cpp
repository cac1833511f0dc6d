#include "parity/opdocs.h"

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
  std::string s;
  for (DType d : ds) s += (s.empty() ? "" : " ") + std::string(name(d));
  return s;
}

namespace {
std::string variants_str(const OpInfo& op) {
  std::string s;
  for (Variant v : op.variants) s += (s.empty() ? "" : ",") + std::string(to_string(v));
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
    j["autograd"] = {{"grad", op.supports_autograd}, {"gradgrad", op.supports_gradgrad}};
    nlohmann::json ds = nlohmann::json::array();
    for (const auto& d : op.discrepancies)
      ds.push_back({{"kind", d.kind == Discrepancy::Kind::skip ? "skip" : "differs"},
                    {"dtypes", names(d.dtypes)}, {"suites", d.suites}, {"what", d.what}, {"reason", d.reason},
                    {"sample", d.note}, {"when", d.when}});
    j["discrepancies"] = ds;
    nlohmann::json ts = nlohmann::json::array();
    for (const auto& t : op.tolerances)
      ts.push_back({{"dtype", name(t.dtype)}, {"rtol", t.tol.rtol}, {"atol", t.tol.atol}, {"reason", t.reason}});
    j["tolerance_overrides"] = ts;
    arr.push_back(j);
  }
  return arr.dump(2) + "\n";
}

std::string discrepancies_markdown() {
  std::ostringstream os;
  os << "# Declared discrepancies from NumPy\n\n"
        "Generated from the OpInfo database (`opinfo/src/entries_*.cpp`) by `build/parity discrepancies "
        "--write reports/DISCREPANCIES.md`; a test fails when this file is out of date.\n"
        "Each row is a behaviour of the engine that deliberately differs from NumPy 2.2 (`differs`), or a "
        "case the suites skip (`skip`), with its reason. Tolerance overrides follow.\n\n";
  os << "| op | kind | dtypes | suites | cases | what | reason |\n|---|---|---|---|---|---|---|\n";
  size_t n = 0;
  auto row = [&](const std::string& op, const Discrepancy& d) {
    os << "| " << op << " | " << (d.kind == Discrepancy::Kind::skip ? "skip" : "differs") << " | "
       << (d.dtypes.empty() ? "all" : dtype_set_str(d.dtypes)) << " | ";
    std::string suites;
    for (const auto& s : d.suites) suites += (suites.empty() ? "" : ", ") + s;
    std::string cases = d.note.empty() ? "" : "sample: " + d.note;
    if (!d.when.empty()) cases += (cases.empty() ? "" : "; ") + d.when;
    os << (suites.empty() ? "all" : suites) << " | " << (cases.empty() ? "all" : cases) << " | " << d.what << " | "
       << d.reason << " |\n";
    ++n;
  };
  for (const auto& d : global_discrepancies()) row("* (every op)", d);
  for (const auto& op : op_db())
    for (const auto& d : op.discrepancies) row(op.name, d);
  if (n == 0) os << "| (none) | | | | | | |\n";
  os << "\n## Tolerance overrides\n\nDefaults (`default_tolerance`, by result dtype): float16 rtol 1e-3, bfloat16 "
        "1.6e-2, float32/complex64 1.3e-6 (atol 1e-5), float64/complex128 1e-7 (atol 1e-7); integers and bool exact.\n\n"
        "| op | dtype | rtol | atol | reason |\n|---|---|---|---|---|\n";
  size_t m = 0;
  for (const auto& op : op_db())
    for (const auto& t : op.tolerances) {
      os << "| " << op.name << " | " << name(t.dtype) << " | " << t.tol.rtol << " | " << t.tol.atol << " | "
         << t.reason << " |\n";
      ++m;
    }
  if (m == 0) os << "| (none) | | | | |\n";
  return os.str();
}

}  // namespace parity::opinfo
