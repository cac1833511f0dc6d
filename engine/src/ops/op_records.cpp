// The op records (parity/op_record.h): the ufunc rows of op_list.h, with their derivative
// declarations, and every PARITY_OP_RECORD registration.
#include "parity/op_record.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "parity/op_list.h"
#include "../autograd/derivatives.h"
#include "../ufunc.h"

namespace parity {

std::vector<DType> dtypes_of(DTypeSet s) {
  std::vector<DType> all(std::begin(kAllDTypes), std::end(kAllDTypes)), v;
  for (DType d : all) {
    bool in = false;
    switch (s) {
      case DTypeSet::all: in = true; break;
      case DTypeSet::all_but_bool: in = d != DType::Bool; break;
      case DTypeSet::all_but_complex: in = !is_complex(d); break;
      case DTypeSet::real_numbers: in = d != DType::Bool && !is_complex(d); break;
      case DTypeSet::bool_and_integers: in = !is_inexact(d); break;
      case DTypeSet::integers: in = d != DType::Bool && !is_inexact(d); break;
      case DTypeSet::floating: in = is_floating(d); break;
      case DTypeSet::inexact: in = is_inexact(d); break;
      case DTypeSet::linalg: in = d != DType::Float16 && d != DType::BFloat16; break;
      case DTypeSet::none: in = false; break;
    }
    if (in) v.push_back(d);
  }
  return v;
}

namespace {
std::vector<OpRecord>& registered() {
  static std::vector<OpRecord> r;
  return r;
}

// A ufunc's record: its op_list.h row and its derivative declaration.
OpRecord ufunc_record(const char* name, const char* numpy, const char* family, DTypeSet dtypes, const UFuncDef& def) {
  // The Array API standard's spellings of these ufuncs (op_list.h rows carry no aliases).
  static const std::map<std::string, std::string> standard = {
      {"arccos", "acos"},   {"arcsin", "asin"},   {"arctan", "atan"},      {"arctan2", "atan2"},
      {"arccosh", "acosh"}, {"arcsinh", "asinh"}, {"arctanh", "atanh"},    {"power", "pow"},
      {"invert", "bitwise_invert"}, {"left_shift", "bitwise_left_shift"}, {"right_shift", "bitwise_right_shift"}};
  OpRecord r{.name = name, .numpy = numpy == std::string(name) ? "" : numpy, .family = family,
             .forms = kAllForms, .dtypes = dtypes, .compiled = true};
  if (auto it = standard.find(name); it != standard.end()) r.aliases.push_back(it->second);
  if (r.name == "invert") r.aliases.push_back("bitwise_not");  // NumPy's second name of the same ufunc
  const autograd::UFuncDerivative* d = autograd::find_ufunc_derivative(def.name);
  if (!d) {
    r.no_grad = "no derivative declared";  // a test requires one for every ufunc
  } else if (!d->fn) {
    if (d->integral) r.grad = d->why;  // the result carries no gradient; backward passes over it
    else r.no_grad = d->why;
  } else {
    r.no_gradgrad = d->no_gradgrad;
  }
  return r;
}
}  // namespace

OpRecordRegistrar::OpRecordRegistrar(OpRecord r) { registered().push_back(std::move(r)); }

const std::vector<OpRecord>& op_records() {
  static const std::vector<OpRecord> all = [] {
    std::vector<OpRecord> v = registered();
#define PARITY_X(name, py, set, ...) v.push_back(ufunc_record(#name, #py, "unary", DTypeSet::set, ufunc_##name()));
    PARITY_UNARY_UFUNCS(PARITY_X)
#undef PARITY_X
#define PARITY_X(name, py, set, ...) v.push_back(ufunc_record(#name, #py, "binary", DTypeSet::set, ufunc_##name()));
    PARITY_BINARY_UFUNCS(PARITY_X)
#undef PARITY_X
    std::sort(v.begin(), v.end(), [](const OpRecord& a, const OpRecord& b) { return a.name < b.name; });
    return v;
  }();
  return all;
}

// Every name a record answers to (its name, NumPy name and aliases), built once.
const OpRecord* find_op_record(std::string_view name) {
  static const std::map<std::string, const OpRecord*, std::less<>> by_name = [] {
    std::map<std::string, const OpRecord*, std::less<>> m;
    for (const OpRecord& r : op_records()) {
      m.emplace(r.name, &r);  // a record's own name wins over another's alias
    }
    for (const OpRecord& r : op_records()) {
      if (!r.numpy.empty()) m.emplace(r.numpy, &r);
      for (const std::string& a : r.aliases) m.emplace(a, &r);
    }
    return m;
  }();
  auto it = by_name.find(name);
  return it == by_name.end() ? nullptr : it->second;
}

const NoGradWhere* no_grad_at(const OpRecord& r, const KeywordLookup& keyword, const std::vector<int64_t>& first) {
  for (const NoGradWhere& w : r.no_grad_where) {
    bool holds = true;
    for (const KeywordIs& k : w.keywords) {
      const std::string v = keyword(k.keyword).value_or(k.default_value);
      holds = holds && std::find(k.values.begin(), k.values.end(), v) != k.values.end();
    }
    if (w.shape != MatrixShape::any) {
      const size_t n = first.size();
      const int64_t rows = n >= 2 ? first[n - 2] : 0, cols = n >= 2 ? first[n - 1] : 0;
      switch (w.shape) {
        case MatrixShape::tall: holds = holds && rows > cols; break;
        case MatrixShape::wide: holds = holds && rows < cols; break;
        case MatrixShape::non_square: holds = holds && rows != cols; break;
        case MatrixShape::any: break;
      }
    }
    if (holds) return &w;
  }
  return nullptr;
}

const NoGradWhere* no_grad_at(std::string_view op, const std::vector<std::pair<std::string, std::string>>& keywords,
                              const std::vector<int64_t>& first) {
  const OpRecord* r = find_op_record(op);
  if (!r) return nullptr;
  return no_grad_at(
      *r,
      [&keywords](const std::string& k) -> std::optional<std::string> {
        for (const auto& [name, value] : keywords)
          if (name == k) return value;
        return std::nullopt;
      },
      first);
}

}  // namespace parity
