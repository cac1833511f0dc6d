// Entries for the binary elementwise ops (engine/src/ops/binary_*.cpp) and where, clip, nonzero
// (engine/src/ops/where_clip.cpp).
#include <functional>
#include <map>

#include "dtype_sets.h"
#include "families.h"
#include "parity/op_record.h"
#include "parity/ops.h"
#include "parity/samples.h"

namespace parity::opinfo {

namespace {
using D = std::pair<double, double>;

// Ops with integer (and bool) loops only, and ops with real loops only (no complex).
bool integer_only(const std::string& n) {
  const DTypeSet d = find_op_record(n)->dtypes;
  return d == DTypeSet::bool_and_integers || d == DTypeSet::integers;
}
bool real_only(const std::string& n) { return find_op_record(n)->dtypes == DTypeSet::all_but_complex; }
// power of a signed integer array to a negative integer is a ValueError: those samples keep the
// exponent non-negative (the negative case is an error input).
bool nonneg_exponent(const std::string& n, DType d) { return n == "power" && is_signed_int(d); }

// The ufunc's record (its op_list.h row) seeds the entry.
OpInfo binary_entry(const char* name, RunFn run) {
  OpInfo op = entry_from_record(name, std::move(run));
  op.numpy_ref = std::string("np.") + name;  // np.divide, not the alias true_divide
  op.nin = 2;
  op.elementwise = true;
  op.promotes = true;
  return op;
}

// The broadcasting pairs every binary op is sampled at.
const std::vector<std::pair<Shape, Shape>>& broadcast_pairs() {
  static const std::vector<std::pair<Shape, Shape>> p = {
      {{3, 1}, {4}}, {{2, 1, 3}, {4, 1}}, {{}, {5, 4}}, {{0}, {1}}};
  return p;
}

std::vector<SampleInput> binary_samples(const std::string& n, DType d, std::optional<D> dom) {
  std::vector<SampleInput> s = elementwise_samples(n, d, 2, dom);
  const bool nonneg = nonneg_exponent(n, d);
  const double lo = dom ? dom->first : -9, hi = dom ? dom->second : 9;
  const uint64_t seed = seed_of(n + name(d) + "binary");
  if (nonneg)  // regenerate the exponents in [0, 9]
    for (size_t i = 0; i < s.size(); ++i) {
      const Tensor& b = s[i].args[1].tensor();
      s[i].args[1] = ArrayLike(make_tensor(b.shape(), d, seed + i, 0, 9));
    }
  uint64_t k = 100;
  for (const auto& [sa, sb] : broadcast_pairs()) {
    SampleInput in;
    in.args.emplace_back(make_tensor(sa, d, seed + k++, lo, hi));
    in.args.emplace_back(make_tensor(sb, d, seed + k++, nonneg ? 0 : lo, hi));
    in.note = "broadcast " + shape_str(sa) + " with " + shape_str(sb);
    s.push_back(std::move(in));
  }
  // Weak scalars (NEP 50) as the second operand, of the kinds NumPy accepts for this op.
  Tensor x = make_tensor({20}, d, seed + k++, lo, hi);
  std::vector<std::pair<ArrayLike, std::string>> scalars = {{ArrayLike(Scalar(int64_t{2})), "2"},
                                                            {ArrayLike(true), "True"}};
  if (!integer_only(n)) scalars.push_back({ArrayLike(2.5), "2.5"});
  if (!integer_only(n) && !real_only(n)) scalars.push_back({ArrayLike(std::complex<double>(0.5, 1.0)), "(0.5+1j)"});
  for (auto& [v, text] : scalars) s.push_back({{ArrayLike(x), v}, {}, "weak scalar " + text});
  return s;
}

std::vector<SampleInput> binary_reference(const std::string& n, DType d) {
  if (!nonneg_exponent(n, d)) return elementwise_reference(d, 2);
  // Signed integer power: every base against the non-negative extremal exponents
  // (extremal_values lists min, max, 0, 1, max-1, 2, -1, min+1).
  Tensor v = extremal_values(d);
  SampleInput in;
  in.args.emplace_back(v.reshape({-1, 1}));
  in.args.emplace_back(v.index({Slice(1, 6)}).copy());
  in.note = "extremal values";
  return {in};
}

std::vector<ErrorInput> binary_errors(const std::string& n) {
  const DType d = integer_only(n) || nonneg_exponent(n, DType::Int64) ? DType::Int64 : DType::Float64;
  std::vector<ErrorInput> e;
  e.push_back({{{ArrayLike(make_tensor({3}, d, 1)), ArrayLike(make_tensor({4}, d, 2))}, {}, "shapes (3,) (4,)"},
               "ValueError",
               "\\[" + n + "\\].*could not be broadcast.*\\(3,\\) \\(4,\\)"});
  e.push_back({{{ArrayLike(make_tensor({2, 3}, d, 3)), ArrayLike(make_tensor({3, 2}, d, 4))}, {}, "shapes (2,3) (3,2)"},
               "ValueError",
               "\\[" + n + "\\].*could not be broadcast.*\\(2, ?3\\) \\(3, ?2\\)"});
  return e;
}

// Appends error inputs to an entry's.
void more_errors(OpInfo& op, std::vector<ErrorInput> more) {
  ErrorsFn base = op.error_inputs;
  op.error_inputs = [base, more] {
    std::vector<ErrorInput> e = base();
    e.insert(e.end(), more.begin(), more.end());
    return e;
  };
}

// float16 maximum/minimum/fmax/fmin of +0 and -0.
void zeros_order(OpInfo& op) {
  op.discrepancies.push_back(
      {Discrepancy::Kind::differs, {DType::Float16}, {},
       "float16 " + op.name + " of +0 and -0 returns the second zero, NumPy's the first",
       "the zeros compare equal, so IEEE 754 leaves the choice open; NumPy's float16 loop returns the first "
       "operand, its float32/float64 loops (and the engine's, for every float dtype) the second. The "
       "comparator does not tell the zeros apart, so no suite reports it",
       "extremal values"});
}

// What a binary ufunc's entry needs beyond its op_list.h row and the shared samples, for the few
// that need anything: PyTorch's names where they are not NumPy's (torch.equal compares whole
// tensors; torch.eq is the elementwise op), op properties, error inputs of their own, declared
// discrepancies.
using Detail = std::function<void(OpInfo&)>;
const std::map<std::string, Detail>& ufunc_details() {
  static const std::map<std::string, Detail> m = {
      {"power",
       [](OpInfo& op) {
         op.torch_ref = "torch.pow";
         op.discrepancies.push_back(
             {Discrepancy::Kind::differs, {}, {}, "complex power on a GPU: last bits and, where ill-conditioned, more",
              "complex a ** b is exp(b * log(a)) (glibc's cpow, NumPy's and the CPU's; the GPU's complex_math.h): its "
              "rounding error grows with |b log a| (2.4e-6 relative in complex64 for |b log a| ~ 40 in the suites' "
              "samples), a part that cancels against the modulus keeps only the modulus's accuracy, and for a huge "
              "imaginary part of b log a the phase, so the signs of the parts and of an overflowing result, is rounding "
              "noise in both; CUDA's float functions round otherwise than glibc's, so the GPU cannot give glibc's bits",
              "", kComplexOperand, "", "", "cuda"});
         more_errors(op, {{{{ArrayLike(asarray(std::vector<int64_t>{2, 3})), ArrayLike(asarray(std::vector<int64_t>{1, -1}))},
                            {}, "negative integer exponent"},
                           "ValueError", "negative integer powers"},
                          {{{ArrayLike(asarray(std::vector<int8_t>{2, 3})), ArrayLike(Scalar(int64_t{-2}))}, {},
                            "negative weak exponent"},
                           "ValueError", "negative integer powers"}});
       }},
      {"add",
       [](OpInfo& op) {  // NEP 50: a Python int out of the array dtype's range
         more_errors(op, {{{{ArrayLike(asarray(std::vector<uint8_t>{1, 2})), ArrayLike(Scalar(int64_t{300}))}, {},
                            "uint8 + 300"},
                           "OverflowError", "300"},
                          {{{ArrayLike(asarray(std::vector<uint8_t>{1, 2})), ArrayLike(Scalar(int64_t{-1}))}, {},
                            "uint8 + -1"},
                           "OverflowError", "-1"}});
       }},
      {"multiply", [](OpInfo& op) { op.products = true; }},
      {"fmod", [](OpInfo& op) { op.jumps = true; }},
      {"remainder",
       [](OpInfo& op) {
         op.aliases.push_back("mod");
         op.jumps = true;
         op.discrepancies.push_back({Discrepancy::Kind::skip, {DType::Float64}, {"Gradcheck"},
                                     "remainder's gradient is not checked by finite differences",
                                     "its samples put a/b within eps of an integer, where floor(a/b) jumps and the "
                                     "central difference measures the jump (-478 against the derivative 1252)",
                                     ""});
       }},
      {"equal", [](OpInfo& op) { op.torch_ref = "torch.eq"; }},
      {"left_shift", [](OpInfo& op) { op.torch_ref = "torch.bitwise_left_shift"; }},
      {"right_shift", [](OpInfo& op) { op.torch_ref = "torch.bitwise_right_shift"; }},
      {"maximum", zeros_order},
      {"minimum", zeros_order},
      {"fmax", zeros_order},
      {"fmin", zeros_order},
  };
  return m;
}
}  // namespace

void add_binary_ops(std::vector<OpInfo>& db) {
#define PARITY_X(name_, py, ...)                                                                        \
  db.push_back(binary_entry(#name_,                                                           \
                            [](Variant v, const std::vector<ArrayLike>& a, const Kwargs&,          \
                               const Tensor& out) -> std::vector<Tensor> {                         \
                              switch (v) {                                                         \
                                case Variant::function: return {parity::name_(a[0], a[1])};        \
                                case Variant::method: return {a[0].tensor().name_(a[1])};          \
                                case Variant::inplace: {                                           \
                                  Tensor t = a[0].tensor();                                        \
                                  t.name_##_(a[1]);                                                \
                                  return {t};                                                      \
                                }                                                                  \
                                case Variant::out: return {parity::name_(a[0], a[1], out)};        \
                              }                                                                    \
                              return {};                                                           \
                            }));
  PARITY_BINARY_UFUNCS(PARITY_X)
#undef PARITY_X

  for (auto& op : db) {
    if (op.family != "binary") continue;
    const std::string n = op.name;
    auto dom = op.domain;
    op.sample_inputs = [n, dom](DType d) { return binary_samples(n, d, dom); };
    op.reference_inputs = [n](DType d) { return binary_reference(n, d); };
    op.error_inputs = [n] { return binary_errors(n); };
    // bfloat16 with a Python float: declared once for every op (global_discrepancies).
    if (auto it = ufunc_details().find(n); it != ufunc_details().end()) it->second(op);
  }

  // where(cond, x, y): x and y promote; cond is truth-tested.
  {
    OpInfo op = entry_from_record("where");
    op.numpy_ref = "np.where";
    op.nin = 3;
    op.elementwise = true;
    op.promotes = true;
    op.run = [](Variant, const std::vector<ArrayLike>& a, const Kwargs&, const Tensor&) -> std::vector<Tensor> {
      return {parity::where(a[0], a[1], a[2])};
    };
    op.sample_inputs = [](DType d) {
      std::vector<SampleInput> s;
      const uint64_t seed = seed_of(std::string("where") + name(d));
      uint64_t k = 0;
      for (const Shape& sh : standard_shapes())
        s.push_back({{ArrayLike(make_tensor(sh, DType::Bool, seed + k++)), ArrayLike(make_tensor(sh, d, seed + k++)),
                      ArrayLike(make_tensor(sh, d, seed + k++))},
                     {},
                     "shape " + shape_str(sh)});
      s.push_back({{ArrayLike(make_tensor({3, 1}, DType::Bool, seed + k++)), ArrayLike(make_tensor({4}, d, seed + k++)),
                    ArrayLike(make_tensor({}, d, seed + k++))},
                   {},
                   "broadcast (3,1), (4,), ()"});
      s.push_back({{ArrayLike(make_tensor({4}, DType::Bool, seed + k++)), ArrayLike(make_tensor({2, 1, 4}, d, seed + k++)),
                    ArrayLike(make_tensor({3, 1}, d, seed + k++))},
                   {},
                   "broadcast (4,), (2,1,4), (3,1)"});
      // cond of the sample dtype: its truth value (NaN and -0.0 included via the reference input)
      s.push_back({{ArrayLike(make_tensor({20}, d, seed + k++, -1, 1)), ArrayLike(make_tensor({20}, d, seed + k++)),
                    ArrayLike(make_tensor({20}, d, seed + k++))},
                   {},
                   "non-bool condition"});
      Tensor c = make_tensor({20}, DType::Bool, seed + k++);
      Tensor x = make_tensor({20}, d, seed + k++);
      s.push_back({{ArrayLike(c), ArrayLike(x), ArrayLike(Scalar(int64_t{0}))}, {}, "weak scalar y=0"});
      s.push_back({{ArrayLike(c), ArrayLike(true), ArrayLike(x)}, {}, "weak scalar x=True"});
      if (d != DType::Bool && !is_integer(d)) s.push_back({{ArrayLike(c), ArrayLike(x), ArrayLike(2.5)}, {}, "weak scalar y=2.5"});
      return s;
    };
    op.reference_inputs = [](DType d) {
      Tensor v = extremal_values(d);
      const int64_t n = v.size();
      // cond: the extremal values themselves, tested for truth; x and y: every pairing
      return std::vector<SampleInput>{
          {{ArrayLike(v), ArrayLike(v.reshape({-1, 1})), ArrayLike(v)}, {}, "extremal values"},
          {{ArrayLike(make_tensor({n, 1}, DType::Bool, 5)), ArrayLike(v), ArrayLike(v.reshape({-1, 1}))}, {}, "extremal values, bool condition"}};
    };
    op.error_inputs = [] {
      return std::vector<ErrorInput>{
          {{{ArrayLike(make_tensor({3}, DType::Bool, 1)), ArrayLike(make_tensor({4}, DType::Float64, 2)),
             ArrayLike(make_tensor({4}, DType::Float64, 3))},
            {},
            "shapes (3,) (4,) (4,)"},
           "ValueError",
           "\\[where\\].*could not be broadcast.*\\(3,\\) \\(4,\\) \\(4,\\)"}};
    };
    db.push_back(std::move(op));
  }

  // clip(x, lo, hi): NumPy 2's 3-input ufunc.
  {
    OpInfo op = entry_from_record("clip");
    op.numpy_ref = "np.clip";
    op.numpy_method = "clip";
    op.nin = 3;
    op.elementwise = true;
    op.promotes = true;
    op.run = [](Variant v, const std::vector<ArrayLike>& a, const Kwargs&, const Tensor& out) -> std::vector<Tensor> {
      switch (v) {
        case Variant::function: return {parity::clip(a[0], a[1], a[2])};
        case Variant::method: return {a[0].tensor().clip(a[1], a[2])};
        case Variant::inplace: {
          Tensor t = a[0].tensor();
          t.clip_(a[1], a[2]);
          return {t};
        }
        case Variant::out: return {parity::clip(a[0], a[1], a[2], out)};
      }
      return {};
    };
    op.sample_inputs = [](DType d) {
      std::vector<SampleInput> s;
      const uint64_t seed = seed_of(std::string("clip") + name(d));
      uint64_t k = 0;
      for (const Shape& sh : standard_shapes())
        s.push_back({{ArrayLike(make_tensor(sh, d, seed + k++)), ArrayLike(make_tensor(sh, d, seed + k++, -9, 0)),
                      ArrayLike(make_tensor(sh, d, seed + k++, 0, 9))},
                     {},
                     "shape " + shape_str(sh)});
      s.push_back({{ArrayLike(make_tensor({3, 1}, d, seed + k++)), ArrayLike(make_tensor({4}, d, seed + k++, -9, 0)),
                    ArrayLike(make_tensor({}, d, seed + k++, 0, 9))},
                   {},
                   "broadcast (3,1), (4,), ()"});
      // lo > hi somewhere: NumPy gives hi
      s.push_back({{ArrayLike(make_tensor({20}, d, seed + k++)), ArrayLike(make_tensor({20}, d, seed + k++)),
                    ArrayLike(make_tensor({20}, d, seed + k++))},
                   {},
                   "random bounds"});
      Tensor x = make_tensor({20}, d, seed + k++);
      s.push_back({{ArrayLike(x), ArrayLike(Scalar(int64_t{1})), ArrayLike(Scalar(int64_t{5}))}, {}, "weak scalars 1, 5"});
      if (is_integer(d))  // a bound beyond the dtype's range is dropped (NumPy >= 2)
        s.push_back({{ArrayLike(x), ArrayLike(Scalar(int64_t{-1000})), ArrayLike(Scalar(int64_t{100000}))}, {}, "weak scalars -1000, 100000"});
      if (d != DType::Bool)
        s.push_back({{ArrayLike(x), ArrayLike(-2.5), ArrayLike(2.5)}, {}, "weak scalars -2.5, 2.5"});
      return s;
    };
    op.reference_inputs = [](DType d) {
      Tensor v = extremal_values(d);
      if (v.size() > 16) v = v.index({Slice(std::nullopt, std::nullopt, 4)}).copy();  // complex: 16 of the 64
      return std::vector<SampleInput>{
          {{ArrayLike(v.reshape({-1, 1, 1})), ArrayLike(v.reshape({-1, 1})), ArrayLike(v)}, {}, "extremal values"}};
    };
    op.error_inputs = [] {
      return std::vector<ErrorInput>{
          {{{ArrayLike(make_tensor({3}, DType::Float64, 1)), ArrayLike(make_tensor({4}, DType::Float64, 2)),
             ArrayLike(make_tensor({3}, DType::Float64, 3))},
            {},
            "shapes (3,) (4,) (3,)"},
           "ValueError",
           "\\[clip\\].*could not be broadcast.*\\(3,\\) \\(4,\\) \\(3,\\)"}};
    };
    db.push_back(std::move(op));
  }

  // nonzero(x): one int64 index array per dimension.
  {
    OpInfo op = entry_from_record("nonzero");  // family "binary": listed with where, its one-argument form
    op.numpy_ref = "np.nonzero";
    // torch.nonzero returns one (n, ndim) matrix; as_tuple=True is its documented NumPy form.
    op.torch_ref = "lambda x: torch.nonzero(x, as_tuple=True)";
    op.nin = 1;
    op.run = [](Variant, const std::vector<ArrayLike>& a, const Kwargs&, const Tensor&) -> std::vector<Tensor> {
      return parity::nonzero(a[0].tensor());
    };
    op.sample_inputs = [](DType d) {
      std::vector<SampleInput> s;
      const uint64_t seed = seed_of(std::string("nonzero") + name(d));
      uint64_t k = 0;
      for (const Shape& sh : standard_shapes()) {
        if (sh.empty()) continue;  // 0-d is an error input
        // about a third zeros: integers in [-1, 1], cast
        s.push_back({{ArrayLike(make_tensor(sh, DType::Int8, seed + k++, -1, 1).astype(d))}, {}, "shape " + shape_str(sh)});
      }
      s.push_back({{ArrayLike(make_tensor({2, 3, 1, 4}, DType::Int8, seed + k++, -1, 1).astype(d))}, {}, "4-d"});
      s.push_back({{ArrayLike(zeros({6, 2}, d))}, {}, "all zero"});
      if (is_complex(d)) {  // imaginary part alone nonzero
        Tensor c = zeros({8}, d);
        c.imag().assign(make_tensor({8}, DType::Int8, seed + k++, -1, 1).astype(real_dtype(d)));
        s.push_back({{ArrayLike(c)}, {}, "imaginary parts"});
      }
      return s;
    };
    op.reference_inputs = [](DType d) {
      return std::vector<SampleInput>{{{ArrayLike(extremal_values(d))}, {}, "extremal values"}};
    };
    op.error_inputs = [] {
      return std::vector<ErrorInput>{{{{ArrayLike(asarray(Scalar(3.0)))}, {}, "0-d"}, "ValueError", "0d arrays"}};
    };
    db.push_back(std::move(op));
  }
}

}  // namespace parity::opinfo
