// The canonical text of the OpInfo database and its FNV-1a hash (parity/op_db_hash.h). Values are
// written exactly (floats as C's %a hex, tensor elements as their bytes) so that two databases
// with the same text behave the same wherever the text reaches.
#include "parity/op_db_hash.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "parity/errors.h"

namespace parity::opinfo {

uint64_t fnv1a64(const std::string& text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

const std::vector<DType>& canonical_sample_dtypes() {
  // One of each kind and width family the sample functions special-case.
  static const std::vector<DType> ds = {DType::Bool,    DType::Int8,    DType::Int64,   DType::Float16,
                                        DType::BFloat16, DType::Float32, DType::Float64, DType::Complex128};
  return ds;
}

namespace {

std::string hex_double(double v) {  // exact and locale-free: C's %a
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);
  return buf;
}
std::string hex64(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}
// A text field: its length first, so that no content can fake a field boundary.
std::string str(const std::string& s) { return std::to_string(s.size()) + ":" + s; }

std::string ints(const std::vector<int64_t>& v) {
  std::string s = "(";
  for (size_t i = 0; i < v.size(); ++i) {  // appended piecewise: "," + ... gives a false -Wrestrict (GCC 12, -O3)
    if (i) s += ',';
    s += std::to_string(v[i]);
  }
  return s + ")";
}
std::string dtypes(const std::vector<DType>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += ',';
    s += name(v[i]);
  }
  return s + "]";
}
std::string strings(const std::vector<std::string>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += ',';
    s += str(v[i]);
  }
  return s + "]";
}

std::string scalar(const Scalar& x) {
  switch (x.type) {
    case Scalar::Type::Bool: return x.b ? "bool:1" : "bool:0";
    case Scalar::Type::Int: return x.big_uint ? "uint:" + std::to_string(x.u) : "int:" + std::to_string(x.i);
    case Scalar::Type::Float: return "float:" + hex_double(x.c.real());
    case Scalar::Type::Complex: return "complex:" + hex_double(x.c.real()) + "," + hex_double(x.c.imag());
  }
  return "?";
}

// FNV-1a over 8-byte little-endian words (then the tail bytes): the bytes of big sample tensors
// are most of the work, and a word at a time is eight times fewer multiplications.
uint64_t fnv1a64_words(const std::string& b) {
  uint64_t h = 0xcbf29ce484222325ULL;
  size_t i = 0;
  for (; i + 8 <= b.size(); i += 8) {
    uint64_t w = 0;
    for (int k = 7; k >= 0; --k) w = (w << 8) | static_cast<unsigned char>(b[i + static_cast<size_t>(k)]);
    h = (h ^ w) * 0x100000001b3ULL;
  }
  for (; i < b.size(); ++i) h = (h ^ static_cast<unsigned char>(b[i])) * 0x100000001b3ULL;
  return h;
}

// Every element's bytes in C order; beyond 16 elements, their count and FNV-1a hash (the bytes of
// a 789 x 357 sample would make the text tens of megabytes).
std::string tensor(const Tensor& t) {
  if (!t.defined()) return "undefined";
  std::string s = "tensor(" + std::string(name(t.dtype())) + " shape=" + ints(t.shape()) +
                  " strides=" + ints(t.strides()) + " offset=" + std::to_string(t.offset()) +
                  " writeable=" + (t.writeable() ? "1" : "0");
  if (!t.device().is_cpu()) return s + " device=" + to_string(t.device()) + ")";
  const int64_t n = t.size();
  const int64_t w = t.itemsize();
  std::string bytes;
  if (n > 0) {
    const Tensor c = t.contiguous();
    bytes.assign(static_cast<const char*>(c.data_ptr()), static_cast<size_t>(n * w));
  }
  if (n > 16) return s + " values[" + std::to_string(n) + "] fnv=" + hex64(fnv1a64_words(bytes)) + ")";
  static const char* digits = "0123456789abcdef";
  s += " values=[";
  for (int64_t i = 0; i < n; ++i) {
    if (i) s += ",";
    for (int64_t b = 0; b < w; ++b) {
      const unsigned char c = static_cast<unsigned char>(bytes[static_cast<size_t>(i * w + b)]);
      s += digits[c >> 4];
      s += digits[c & 15];
    }
  }
  return s + "])";
}

std::string kwvalue(const KwValue& v) {
  struct V {
    std::string operator()(std::monostate) const { return "None"; }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(int64_t i) const { return "int:" + std::to_string(i); }
    std::string operator()(double d) const { return "float:" + hex_double(d); }
    std::string operator()(const std::vector<int64_t>& t) const { return "tuple" + ints(t); }
    std::string operator()(DType d) const { return std::string("dtype:") + name(d); }
    std::string operator()(const std::string& s) const { return "str:" + str(s); }
  };
  return std::visit(V{}, v);
}

std::string sample(const SampleInput& in) {
  std::string s = "    sample note=" + str(in.note) + "\n";
  for (const ArrayLike& a : in.args) s += "      arg " + (a.is_tensor() ? tensor(a.tensor()) : scalar(a.scalar())) + "\n";
  for (const auto& [k, v] : in.kwargs) s += "      kwarg " + str(k) + "=" + kwvalue(v) + "\n";
  return s;
}

std::string samples(const char* what, const SamplesFn& fn, DType d) {
  std::string s = "  " + std::string(what) + " " + name(d) + "\n";
  if (!fn) return s + "    none\n";
  try {
    for (const SampleInput& in : fn(d)) s += sample(in);
  } catch (const std::exception& e) {
    s += "    raised " + str(e.what()) + "\n";
  }
  return s;
}

std::string discrepancy(const Discrepancy& x) {
  return std::string("  discrepancy ") + (x.kind == Discrepancy::Kind::skip ? "skip" : "differs") +
         " dtypes=" + dtypes(x.dtypes) + " suites=" + strings(x.suites) + " what=" + str(x.what) +
         " reason=" + str(x.reason) + " note=" + str(x.note) + " when=" + str(x.when) + " subject=" +
         str(x.subject) + " against=" + str(x.against) + " device=" + str(x.device) + "\n";
}

std::string tolerance(const char* what, const ToleranceOverride& t) {
  return "  " + std::string(what) + " " + name(t.dtype) + " rtol=" + hex_double(t.tol.rtol) +
         " atol=" + hex_double(t.tol.atol) + " reason=" + str(t.reason) + " subject=" + str(t.subject) +
         " against=" + str(t.against) + "\n";
}

std::string entry(const OpInfo& op) {
  std::ostringstream o;
  o << "op " << str(op.name) << "\n";
  o << "  aliases " << strings(op.aliases) << "\n";
  o << "  family " << str(op.family) << "\n";
  o << "  variants [";
  for (size_t i = 0; i < op.variants.size(); ++i) o << (i ? "," : "") << to_string(op.variants[i]);
  o << "]\n";
  o << "  dtypes_cpu " << dtypes(op.dtypes_cpu) << "\n";
  o << "  numpy_ref " << str(op.numpy_ref) << " numpy_method " << str(op.numpy_method) << "\n";
  o << "  torch_ref " << str(op.torch_ref) << " torch_method " << str(op.torch_method) << " torch_missing "
    << str(op.torch_missing) << "\n";
  o << "  jax_ref " << str(op.jax_ref) << " jax_missing " << str(op.jax_missing) << "\n";
  o << "  domain " << (op.domain ? hex_double(op.domain->first) + "," + hex_double(op.domain->second) : "none") << "\n";
  o << "  flags autograd=" << op.supports_autograd << " gradgrad=" << op.supports_gradgrad
    << " compiled=" << op.compiled << " fuzz_ordinary_values=" << op.fuzz_ordinary_values << " nin=" << op.nin
    << " elementwise=" << op.elementwise << " promotes=" << op.promotes << " sum_of_products=" << op.sum_of_products
    << " products=" << op.products << " jumps=" << op.jumps << " accumulates=" << op.accumulates
    << " run=" << (op.run ? 1 : 0) << "\n";
  for (const auto& t : op.tolerances) o << tolerance("tolerance", t);
  for (const auto& t : op.device_tolerances) o << tolerance("device_tolerance", t);
  for (const auto& d : op.discrepancies) o << discrepancy(d);
  if (op.error_inputs) {
    try {
      for (const ErrorInput& e : op.error_inputs())
        o << "  error_input class=" << str(e.error_class) << " regex=" << str(e.message_regex) << " variant="
          << to_string(e.variant) << " out=" << tensor(e.out) << "\n" << sample(e.input);
    } catch (const std::exception& e) {
      o << "  error_inputs raised " << str(e.what()) << "\n";
    }
  }
  for (DType d : canonical_sample_dtypes()) {
    o << samples("sample_inputs", op.sample_inputs, d);
    o << samples("reference_inputs", op.reference_inputs, d);
  }
  return o.str();
}

}  // namespace

std::string op_db_canonical(const std::vector<OpInfo>& db) {
  std::vector<const OpInfo*> sorted;
  for (const OpInfo& op : db) sorted.push_back(&op);
  // By name (stable for duplicates, which check_records forbids anyway): moving an entry between
  // files is not a change of behaviour.
  std::stable_sort(sorted.begin(), sorted.end(), [](const OpInfo* a, const OpInfo* b) { return a->name < b->name; });
  std::string text = "parity-opdb 1\n";
  text += "default_tolerance";
  for (DType d : kAllDTypes) {
    const Tolerance t = default_tolerance(d);
    text += std::string(" ") + name(d) + "=" + hex_double(t.rtol) + "/" + hex_double(t.atol);
  }
  text += "\n";
  for (const Discrepancy& d : global_discrepancies()) text += "global" + discrepancy(d);
  for (const OpInfo* op : sorted) text += entry(*op);
  return text;
}

std::string op_db_hash(const std::vector<OpInfo>& db) { return hex64(fnv1a64(op_db_canonical(db))); }

const std::string& op_db_hash() {
  static const std::string h = op_db_hash(op_db());
  return h;
}

}  // namespace parity::opinfo
