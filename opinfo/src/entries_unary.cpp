// Entries for the unary elementwise ops (engine/src/ops/unary_*.cpp).
#include <functional>
#include <map>

#include "dtype_sets.h"
#include "families.h"
#include "parity/ops.h"
#include "parity/samples.h"

namespace parity::opinfo {

namespace {
using D = std::pair<double, double>;

// The ufunc's record (its op_list.h row) seeds the entry.
OpInfo unary_entry(const char* name, RunFn run) {
  OpInfo op = entry_from_record(name, std::move(run));
  op.nin = 1;
  op.elementwise = true;
  return op;
}


// What a unary ufunc's entry needs beyond its op_list.h row, for the few that need anything: the
// domain its samples stay in, PyTorch's and JAX's names where they are not NumPy's (op_db.cpp
// derives the rest), a reference where NumPy has none, declared discrepancies.
using Detail = std::function<void(OpInfo&)>;
Detail domain(double lo, double hi) {
  return [lo, hi](OpInfo& op) { op.domain = D{lo, hi}; };
}
const std::map<std::string, Detail>& ufunc_details() {
  static const std::map<std::string, Detail> m = {
      {"log", domain(0.05, 9)}, {"log2", domain(0.05, 9)}, {"log10", domain(0.05, 9)}, {"sqrt", domain(0.05, 9)},
      {"log1p", domain(-0.9, 9)}, {"arcsin", domain(-0.95, 0.95)}, {"arccos", domain(-0.95, 0.95)},
      {"arctanh", domain(-0.95, 0.95)}, {"arccosh", domain(1, 9)}, {"exp", domain(-5, 5)}, {"exp2", domain(-5, 5)},
      {"expm1", domain(-5, 5)}, {"sinh", domain(-5, 5)}, {"cosh", domain(-5, 5)},
      {"square", [](OpInfo& op) { op.products = true; }},
      {"cbrt",
       [](OpInfo& op) {
         op.torch_missing = "PyTorch has no cube root (torch.pow(x, 1/3) is NaN for negative x: another function)";
       }},
      {"rint",
       [](OpInfo& op) {  // torch.round rounds half to even, as rint; torch has no rint
         op.torch_ref = "torch.round";
         op.torch_method = "round";
       }},
      {"invert", [](OpInfo& op) { op.torch_ref = "torch.bitwise_not"; }},
      // NumPy's second names of deg2rad and rad2deg are ufuncs of their own; torch has the first only.
      {"radians",
       [](OpInfo& op) {
         op.torch_ref = "torch.deg2rad";
         op.torch_method = "deg2rad";
       }},
      {"degrees",
       [](OpInfo& op) {
         op.torch_ref = "torch.rad2deg";
         op.torch_method = "rad2deg";
       }},
      {"fabs",
       [](OpInfo& op) {  // what a porting user writes: torch has no fabs
         op.torch_ref = "torch.abs";
         op.torch_method = "abs";
       }},
      {"spacing",
       [](OpInfo& op) {
         op.torch_missing = "PyTorch has no spacing (torch.nextafter(x, inf) - x is another function for negative x "
                            "and at zeros)";
       }},
      {"bitwise_count", [](OpInfo& op) { op.torch_missing = "PyTorch has no population count"; }},
      {"sigmoid",
       [](OpInfo& op) {
         // NumPy has no sigmoid: the reference is scipy.special.expit's definition, 1/(1+exp(-x)) in
         // float64 rounded to the result dtype, with ufunc-like out= casting (oracle prelude).
         op.numpy_ref = "_parity.expit";
         op.torch_ref = "torch.sigmoid";
         op.jax_ref = "jax.nn.sigmoid";
       }},
      {"conj",
       [](OpInfo& op) {
         op.numpy_method = "conj";
         op.torch_ref = "torch.conj";  // torch has no conjugate
         op.discrepancies.push_back(
             {Discrepancy::Kind::differs, {DType::Bool}, {"VariantConsistency"},
              "bool conj: the method keeps bool, the function gives int8",
              "NumPy's own forms differ: ndarray.conj() of a non-complex array returns the array itself, while "
              "np.conjugate has no bool loop and casts to int8; each engine form matches its NumPy form (NumpyRef)",
              ""});
       }},
  };
  return m;
}

void finish(OpInfo& op) {
  const std::string n = op.name;
  auto dom = op.domain;
  op.sample_inputs = [n, dom](DType d) { return elementwise_samples(n, d, 1, dom); };
  op.reference_inputs = [](DType d) { return elementwise_reference(d, 1); };
  // Unclaimed dtypes (TypeError) are the Dtypes suite's; out= errors are VariantConsistency's.
  op.error_inputs = [] { return std::vector<ErrorInput>{}; };
}
}  // namespace

void add_unary_ops(std::vector<OpInfo>& db) {
#define PARITY_X(name_, py, ...)                                                                        \
  db.push_back(unary_entry(#name_,                                                            \
                           [](Variant v, const std::vector<ArrayLike>& a, const Kwargs&,           \
                              const Tensor& out) -> std::vector<Tensor> {                          \
                             switch (v) {                                                          \
                               case Variant::function: return {parity::name_(a[0])};               \
                               case Variant::method: return {a[0].tensor().name_()};               \
                               case Variant::inplace: {                                            \
                                 Tensor t = a[0].tensor();                                         \
                                 t.name_##_();                                                     \
                                 return {t};                                                       \
                               }                                                                   \
                               case Variant::out: return {parity::name_(a[0], out)};               \
                             }                                                                     \
                             return {};                                                            \
                           }));
  PARITY_UNARY_UFUNCS(PARITY_X)
#undef PARITY_X

  for (auto& op : db) {
    if (op.family != "unary") continue;
    if (auto it = ufunc_details().find(op.name); it != ufunc_details().end()) it->second(op);
    finish(op);
  }

  // round(x, decimals): its own entry (the decimals keyword).
  OpInfo r = unary_entry("round", [](Variant v, const std::vector<ArrayLike>& a, const Kwargs& kw,
                                               const Tensor& out) -> std::vector<Tensor> {
    const KwValue* dk = find_kwarg(kw, "decimals");
    int64_t dec = dk ? std::get<int64_t>(*dk) : 0;
    switch (v) {
      case Variant::function: return {parity::round(a[0], dec)};
      case Variant::method: return {a[0].tensor().round(dec)};
      case Variant::inplace: {
        Tensor t = a[0].tensor();
        t.round_(dec);
        return {t};
      }
      case Variant::out: return {parity::round(a[0], dec, out)};
    }
    return {};
  });
  r.numpy_method = "round";
  r.sample_inputs = [](DType d) {
    auto s = elementwise_samples("round", d, 1, std::nullopt);
    if (d == DType::Bool) return s;  // bool takes decimals=0 only
    for (int64_t dec : {1, 2, -1}) {
      SampleInput in{{ArrayLike(make_tensor({20}, d, seed_of("round") + dec, -999, 999))},
                     {{"decimals", KwValue(dec)}}, "decimals " + std::to_string(dec)};
      s.push_back(in);
    }
    return s;
  };
  r.reference_inputs = [](DType d) { return elementwise_reference(d, 1); };
  r.error_inputs = [] { return std::vector<ErrorInput>{}; };
  db.push_back(std::move(r));

  // real, imag (views of complex input) and angle(deg).
  auto parts = [&](const char* name, std::vector<Tensor> (*fn)(const ArrayLike&, const Kwargs&)) {
    OpInfo op = unary_entry(name, [fn](Variant v, const std::vector<ArrayLike>& a, const Kwargs& kw,
                                             const Tensor&) -> std::vector<Tensor> {
      (void)v;
      return fn(a[0], kw);
    });
    finish(op);
    return op;
  };
  db.push_back(parts("real", [](const ArrayLike& x, const Kwargs&) { return std::vector<Tensor>{parity::real(x)}; }));
  db.back().run = [](Variant v, const std::vector<ArrayLike>& a, const Kwargs&, const Tensor&) {
    return std::vector<Tensor>{v == Variant::method ? a[0].tensor().real() : parity::real(a[0])};
  };
  db.back().torch_method = "";  // Tensor.real is a property, not a method: the method form calls torch.real
  db.push_back(parts("imag", [](const ArrayLike& x, const Kwargs&) { return std::vector<Tensor>{parity::imag(x)}; }));
  db.back().run = [](Variant v, const std::vector<ArrayLike>& a, const Kwargs&, const Tensor&) {
    return std::vector<Tensor>{v == Variant::method ? a[0].tensor().imag() : parity::imag(a[0])};
  };
  db.back().torch_method = "";  // a property in torch, as real
  db.push_back(parts("angle", [](const ArrayLike& x, const Kwargs& kw) {
    const KwValue* deg = find_kwarg(kw, "deg");
    return std::vector<Tensor>{parity::angle(x, deg && std::get<bool>(*deg))};
  }));
  {
    OpInfo& a = db.back();
    a.sample_inputs = [](DType d) {
      auto s = elementwise_samples("angle", d, 1, std::nullopt);
      s.push_back({{ArrayLike(make_tensor({20}, d, 7))}, {{"deg", KwValue(true)}}, "deg=True"});
      return s;
    };
    a.discrepancies.push_back({Discrepancy::Kind::differs, {DType::BFloat16}, {}, "angle(deg=True) of bfloat16 can be one bfloat16 step off",
                               "ml_dtypes computes the degree conversion in float32; the engine rounds the angle to bfloat16 first", ""});
    a.tolerances.push_back({DType::BFloat16, {3.2e-2, 1e-5}, "one bfloat16 step (2^-7) after the degree conversion; see the discrepancy"});
  }
}

}  // namespace parity::opinfo
