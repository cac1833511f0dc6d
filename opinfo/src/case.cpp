#include "parity/case.h"

#include <sstream>

namespace parity {

const char* to_string(Variant v) {
  switch (v) {
    case Variant::function: return "function";
    case Variant::method: return "method";
    case Variant::inplace: return "inplace";
    case Variant::out: return "out";
  }
  return "?";
}

const KwValue* find_kwarg(const Kwargs& kw, const std::string& key) {
  for (const auto& [k, v] : kw)
    if (k == key) return &v;
  return nullptr;
}

std::string kwvalue_python(const KwValue& v) {
  struct V {
    std::string operator()(std::monostate) const { return "None"; }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const { return Scalar(d).repr() == "nan" ? "float('nan')" : Scalar(d).repr() == "inf" ? "float('inf')" : Scalar(d).repr() == "-inf" ? "-float('inf')" : Scalar(d).repr(); }
    std::string operator()(const std::vector<int64_t>& t) const { return shape_str(t); }
    std::string operator()(DType d) const {
      return d == DType::BFloat16 ? "ml_dtypes.bfloat16" : std::string("np.") + name(d);  // runs as printed
    }
    std::string operator()(const std::string& s) const { return "'" + s + "'"; }
  };
  return std::visit(V{}, v);
}

std::vector<Outcome> Executor::run_batch(const std::vector<const Case*>& cases) {
  std::vector<Outcome> out;
  out.reserve(cases.size());
  for (const Case* c : cases) out.push_back(run(*c));
  return out;
}

bool Outcome::raised(const std::string& cls) const {
  if (!error) return false;
  for (const auto& c : error_mro)
    if (c == cls) return true;
  return error_class == cls;
}

namespace {
std::string tensor_line(const Tensor& t, size_t max_values) {
  std::ostringstream os;
  os << name(t.dtype()) << shape_str(t.shape()) << " strides=" << shape_str(t.strides());
  if (t.size() <= static_cast<int64_t>(max_values)) {
    os << " " << t.repr();
  } else {
    os << " (" << t.size() << " elements)";
  }
  return os.str();
}
}  // namespace

std::string describe(const Case& c, size_t max_values) {
  std::ostringstream os;
  for (size_t i = 0; i < c.input.args.size(); ++i) {
    const ArrayLike& a = c.input.args[i];
    os << "  arg" << i << ": ";
    if (a.is_tensor()) os << tensor_line(a.tensor(), max_values);
    else os << "Python scalar " << a.scalar().repr();
    os << "\n";
  }
  for (const auto& [k, v] : c.input.kwargs) os << "  " << k << "=" << kwvalue_python(v) << "\n";
  if (c.variant == Variant::out && c.out.defined()) os << "  out: " << tensor_line(c.out, max_values) << "\n";
  if (!c.input.note.empty()) os << "  sample: " << c.input.note << "\n";
  return os.str();
}

std::string describe(const Outcome& o, size_t max_values) {
  if (o.error) return o.error_class + ": " + o.error_message;
  std::string s;
  for (const auto& v : o.values) s += (s.empty() ? "" : "; ") + tensor_line(v, max_values);
  return s;
}

}  // namespace parity
