// VariantConsistency: for ops with several variants, the method, in-place and out= forms give the
// function's result; in-place keeps the data pointer and refuses to broadcast its input; out=
// prefilled with NaN does not leak, a noncontiguous out= keeps its strides and nothing outside it
// is written, and an unsafe cast into out= raises where NumPy raises.
#include <cmath>
#include <limits>

#include "harness.h"
#include "parity/ops.h"
#include "parity/samples.h"

namespace parity::suites {

namespace {
const char* kSuite = "VariantConsistency";
// NumPy is asked about in-place results (the cast and broadcast rules) on samples up to this size.
constexpr int64_t kSmall = 4096;
// The Discrepancy::note an entry uses to declare a difference in the unsafe-cast-into-out= check.
const char* kUnsafeCastNote = "unsafe cast into out=";

// A tensor filled with a value no correct result leaks: NaN for inexact dtypes, 77 / true otherwise.
Tensor sentinel(const Shape& s, DType d) {
  if (is_complex(d)) return full(s, Scalar(std::complex<double>(NAN, NAN)), d);
  if (is_floating(d)) return full(s, Scalar(std::numeric_limits<double>::quiet_NaN()), d);
  if (d == DType::Bool) return full(s, Scalar(true), d);
  return full(s, Scalar(int64_t{77}), d);
}

Case make_case(const OpInfo& op, Variant v, const SampleInput& in, Tensor out = Tensor()) {
  Case c;
  c.op = &op;
  c.variant = v;
  c.input = in;
  c.out = std::move(out);
  return c;
}

int64_t biggest(const SampleInput& in) {
  int64_t n = 0;
  for (const auto& a : in.args)
    if (a.is_tensor()) n = std::max(n, a.tensor().size());
  return n;
}

// Fails unless `got` (a run of variant `c`) equals the function variant's outcome exactly.
void expect_same(const Case& c, const Outcome& got, const Case& fc, const Outcome& f, const std::string& what) {
  Verdict v = compare(got, f, Tolerance{});
  if (!v.match()) ADD_FAILURE() << what << "\n" << report_pair(c, got, std::string("engine ") + to_string(c.variant), fc, f, "engine function", v);
}

// True when NumPy too refuses case `c` (an out= it cannot write, e.g. np.round(int8, -1, out=int8)),
// with the engine's error class `cls` or a subclass of it.
bool numpy_refuses(const Case& c, const std::string& cls) {
  Outcome want = numpy().run(c);
  return want.error && want.raised(cls);
}

// The dtype a result of dtype `r` may not be written into under casting='same_kind' (none for bool).
std::optional<DType> unsafe_target(DType r) {
  if (is_complex(r)) return DType::Float64;
  if (is_floating(r)) return DType::Int32;
  if (is_integer(r)) return DType::Bool;
  return std::nullopt;
}

void check_inplace(const OpInfo& op, DType d, const SampleInput& in, const Case& fc, const Outcome& f) {
  if (in.args.empty() || !in.args[0].is_tensor()) return;
  Case c = make_case(op, Variant::inplace, in);
  Outcome got = engine().run(c);
  // NumPy decides whether the in-place form is legal (result castable to the input's dtype, no
  // broadcasting of the input); asked on small samples, and whenever the engine raised.
  if (got.error || biggest(in) <= kSmall) {
    Outcome want = numpy().run(c);
    Verdict v = compare(got, want, op.tolerance(in.args[0].tensor().dtype()));
    if (!v.match()) {
      if (const Discrepancy* x = op.find_discrepancy(Discrepancy::Kind::differs, kSuite, d, in)) {
        std::cout << "[ DECLARED ] " << op.name << " " << name(d) << ": " << x->what << " -- " << x->reason << "\n";
      } else {
        ADD_FAILURE() << "in-place variant differs from NumPy's in-place call\n" << report(c, got, want, v);
      }
    }
  }
  if (got.error || f.error || f.values.size() != 1) return;
  // The in-place result is the function's, cast to the input's dtype as NumPy's out=a0 does.
  const Tensor& x = in.args[0].tensor();
  Outcome expected = outcome_of({f.values[0].astype(x.dtype())});
  expect_same(c, got, fc, expected, "in-place result differs from the function's (cast to the input dtype)");

  // The data pointer: run the entry directly on a private copy.
  Tensor mine = x.copy();
  void* ptr = mine.data_ptr();
  std::vector<ArrayLike> args = in.args;
  args[0] = ArrayLike(mine);
  try {
    std::vector<Tensor> r = op.run(Variant::inplace, args, in.kwargs, Tensor());
    EXPECT_EQ(mine.data_ptr(), ptr) << "[" << op.name << "] in-place moved its input\n" << describe(c);
    EXPECT_TRUE(!r.empty() && r[0].data_ptr() == ptr)
        << "[" << op.name << "] in-place returned a tensor that is not its input\n" << describe(c);
    expect_same(c, outcome_of({mine}), fc, expected, "in-place wrote other values into its input");
  } catch (const Error& e) {
    ADD_FAILURE() << "[" << op.name << "] in-place raised on a second run: " << e.what() << "\n" << describe(c);
  }
}

void check_out(const OpInfo& op, DType d, const SampleInput& in, const Case& fc, const Outcome& f) {
  if (f.error || f.values.size() != 1) return;
  const Tensor& r = f.values[0];
  const bool big = biggest(in) > kSmall;
  // out= of the right shape and dtype, prefilled with NaN: no NaN leaks into the result.
  if (!big) {
    Case c = make_case(op, Variant::out, in, sentinel(r.shape(), r.dtype()));
    Outcome got = engine().run(c);
    if (got.error && !got.crashed && numpy_refuses(c, got.error_class)) return;
    expect_same(c, got, fc, f, "out= (prefilled with NaN) differs from the function's result");
  }
  // A noncontiguous out=: the transpose of a buffer, and every other element of the last axis;
  // the result lands in the view, the view keeps its strides, the gaps keep their values.
  if (r.ndim() >= 1 && r.size() > 0) {
    struct View {
      const char* name;
      Tensor buf, view, gaps;
    };
    std::vector<View> views;
    if (r.ndim() >= 2) {
      Shape rev(r.shape().rbegin(), r.shape().rend());
      Tensor buf = sentinel(rev, r.dtype());
      views.push_back({"transposed out=", buf, buf.T(), Tensor()});
    }
    if (!big || r.ndim() < 2) {
      Shape wide = r.shape();
      wide.back() *= 2;
      Tensor buf = sentinel(wide, r.dtype());
      views.push_back({"out= of every other element", buf, buf.index({ellipsis, Slice(None, None, 2)}),
                       buf.index({ellipsis, Slice(1, None, 2)})});
    }
    for (View& w : views) {
      Case c = make_case(op, Variant::out, in, w.view);
      const Strides strides = w.view.strides();
      void* ptr = w.view.data_ptr();
      Tensor gaps_before = w.gaps.defined() ? w.gaps.copy() : Tensor();
      try {
        std::vector<Tensor> res = op.run(Variant::out, in.args, in.kwargs, w.view);
        EXPECT_TRUE(!res.empty() && res[0].data_ptr() == ptr && res[0].strides() == strides)
            << "[" << op.name << "] " << w.name << ": the result is not the out= view (strides "
            << shape_str(strides) << ", got " << (res.empty() ? std::string("nothing") : shape_str(res[0].strides()))
            << ")\n" << describe(c);
        expect_same(c, outcome_of({w.view}), fc, f, std::string(w.name) + ": values differ from the function's");
        if (w.gaps.defined()) {
          Verdict g = compare(outcome_of({w.gaps}), outcome_of({gaps_before}), Tolerance{});
          EXPECT_TRUE(g.match()) << "[" << op.name << "] " << w.name << " wrote outside the view: " << g.detail
                                 << "\n" << describe(c);
        }
      } catch (const Error& e) {
        if (!numpy_refuses(c, e.py_class()))
          ADD_FAILURE() << "[" << op.name << "] " << w.name << " raised " << e.py_class() << ": " << e.what()
                        << "\nNumPy: " << describe(numpy().run(c), 8) << "\n" << describe(c);
      }
    }
  }
  // An out= the result cannot be cast to under same_kind: NumPy's ufuncs raise UFuncTypeError
  // (its reductions cast unsafely); the engine must do what NumPy does. Small samples only.
  if (std::optional<DType> t = unsafe_target(r.dtype()); t && biggest(in) <= kSmall) {
    Case c = make_case(op, Variant::out, in, zeros(r.shape(), *t));
    Outcome got = engine().run(c);
    Outcome want = numpy().run(c);
    Verdict v = compare(got, want, op.tolerance(*t));
    if (!v.match()) {
      // An entry declares a difference here by the sample's note or by kUnsafeCastNote.
      const Discrepancy* x = op.find_discrepancy(Discrepancy::Kind::differs, kSuite, d, in);
      if (!x) x = op.find_discrepancy(Discrepancy::Kind::differs, kSuite, d, kUnsafeCastNote);
      if (x) {
        std::cout << "[ DECLARED ] " << op.name << " " << name(d) << ": " << x->what << " -- " << x->reason << "\n";
      } else {
        ADD_FAILURE() << "unsafe cast into out= (" << name(r.dtype()) << " result into " << name(*t) << ")\n"
                      << report(c, got, want, v);
      }
    }
  }
}

// In-place into an input that would have to broadcast: a (1, 3) input and (2, 3) others.
void check_inplace_broadcast(const OpInfo& op, DType d) {
  double lo = op.domain ? op.domain->first : 1, hi = op.domain ? op.domain->second : 5;
  SampleInput in;
  uint64_t seed = opinfo::seed_of(op.name + name(d) + "inplace broadcast");
  in.args.emplace_back(opinfo::make_tensor({1, 3}, d, seed, lo, hi));
  for (int k = 1; k < op.nin; ++k) in.args.emplace_back(opinfo::make_tensor({2, 3}, d, seed + k, lo, hi));
  in.note = "in-place into an input that would have to broadcast";
  Case c = make_case(op, Variant::inplace, in);
  Outcome got = engine().run(c);
  Outcome want = numpy().run(c);
  Verdict v = compare(got, want, op.tolerance(d));
  if (!got.error || !want.error || !v.match()) {
    if (!v.match()) v.detail = "engine: " + describe(got, 8) + "; NumPy: " + describe(want, 8);
    else v.detail = "both returned a value, expected ValueError";
    if (v.kind == Mismatch::none) v.kind = Mismatch::error;
    ADD_FAILURE() << "in-place into a (1, 3) input with (2, 3) operands must raise (ValueError, or NumPy's "
                     "cast error first)\n" << report(c, got, want, v);
  }
}
}  // namespace

void register_variant_consistency() {
  register_per_dtype(kSuite, [](const OpInfo& op) { return op.variants.size() > 1; }, [](const OpInfo& op, DType d) {
    if (skipped(op, kSuite, d)) GTEST_SKIP() << "declared skip";
    for (const SampleInput& in : op.sample_inputs(d)) {
      if (skipped(op, kSuite, d, in.note)) continue;
      SCOPED_TRACE("sample: " + in.note);
      // Big samples ((789, 357)) only go through a transposed out=: the other forms share its kernels.
      const bool big = biggest(in) > kSmall;
      if (big && !op.has_variant(Variant::out)) continue;
      Case fc = make_case(op, Variant::function, in);
      Outcome f = engine().run(fc);
      if (f.crashed) {
        ADD_FAILURE() << "[" << op.name << "] function variant crashed: " << f.error_message << "\n" << describe(fc);
        continue;
      }
      if (!big && op.has_variant(Variant::method) && !in.args.empty() && in.args[0].is_tensor()) {
        Case c = make_case(op, Variant::method, in);
        const Outcome m = engine().run(c);
        const Discrepancy* x = op.find_discrepancy(Discrepancy::Kind::differs, kSuite, d, in);
        if (x && !compare(m, f, Tolerance{}).match())
          std::cout << "[ DECLARED ] " << op.name << " " << name(d) << ": " << x->what << " -- " << x->reason << "\n";
        else
          expect_same(c, m, fc, f, "method differs from the function");
      }
      if (!big && op.has_variant(Variant::inplace)) check_inplace(op, d, in, fc, f);
      if (op.has_variant(Variant::out)) check_out(op, d, in, fc, f);
    }
    if (op.has_variant(Variant::inplace) && op.elementwise && op.nin >= 2) check_inplace_broadcast(op, d);
  });
}

}  // namespace parity::suites
