// Entries for numpy.fft (engine/src/fft/): the transforms (n, axis / s, axes, norm), the sample
// frequencies and the shifts. Lengths are powers of two, primes (17, 97, 1009: the last two go
// through Bluestein's algorithm), composites (12, 20, 360, 1000), shorter and longer n than the
// axis, every norm, several axes and non-contiguous inputs.
#include "entries_util.h"
#include "families.h"
#include "parity/fft.h"
#include "parity/ops.h"

namespace parity::opinfo {

namespace {
using namespace util;

KwValue str(const char* s) { return KwValue(std::string(s)); }
std::string knorm(const Kwargs& kw) {
  const KwValue* v = find_kwarg(kw, "norm");
  return v && std::holds_alternative<std::string>(*v) ? std::get<std::string>(*v) : std::string("backward");
}
Tensor f64(const Shape& s) { return make_tensor(s, DType::Float64, 1); }
Tensor c128(const Shape& s) { return make_tensor(s, DType::Complex128, 1); }

// FFT rounding grows with log2(n) and with the size of the sums: an output near zero (a cancelling
// sum of n terms of size up to 9) keeps an absolute error of a few eps * log2(n) * max|y|, far
// beyond the default rtol there. The engine computes every transform in float64 and rounds (for
// complex64 that is NumPy 2.2's result too: 0.00 eps apart in scripts/fft_accuracy.py); the
// float64 difference is each library's rounding (<= 4.5 eps * max|y| measured, max|y| ~ 1e4 here).
std::vector<ToleranceOverride> fft_tolerances() {
  auto why = [](const char* d) {
    return std::string("FFT sums of n terms in ") + d + ": an output that cancels keeps an absolute error of a few " +
           "eps * log2(n) * max|y| (max|y| up to ~1e4 on the samples, n up to 4096), far above the default rtol there";
  };
  return {{DType::Float16, {1e-3, 1e-1}, why("float16 (irfft/hfft of float16 round to it)")},
          {DType::Float32, {1e-5, 2e-3}, why("float32")},
          {DType::Complex64, {1e-5, 2e-3}, why("float32")},
          {DType::Float64, {1e-9, 1e-9}, why("float64")},
          {DType::Complex128, {1e-9, 1e-9}, why("float64")}};
}

// PyTorch's and JAX's torch.fft.X / jnp.fft.X (op_db derives refs only for undotted NumPy names).
// `torch_lambda`: a call with "X" for the name where PyTorch's keywords differ (axes -> dim).
void library_refs(OpInfo& op, const std::string& name, std::string torch_lambda) {
  const std::string x = name.substr(name.find('.') + 1);
  if (torch_lambda.empty()) {
    op.torch_ref = "torch.fft." + x;
  } else {
    torch_lambda.replace(torch_lambda.find("torch.fft.X"), 11, "torch.fft." + x);
    op.torch_ref = torch_lambda;
  }
  op.jax_ref = "jnp.fft." + x;
}

// Every output of a DFT sums every input (times twiddles of modulus 1): the entry's values are
// sums of products (the fuzzer allows rtol * max|x| absolute, the terms' scale), and where an
// input is NaN or infinite, or a sum overflows, which outputs come out nan, inf or nan+nanj
// depends on the order of the butterflies (pocketfft's and KISS FFT's differ).
void transform_traits(OpInfo& op) {
  op.sum_of_products = true;
  op.discrepancies.push_back(
      {Discrepancy::Kind::differs, {}, {"Fuzz"}, "which outputs are nan, inf or nan+nanj for NaN/inf inputs or overflow",
       "each output sums every input times a twiddle factor: a NaN or infinite input (or an overflowing sum) reaches "
       "the outputs through different butterflies in pocketfft and KISS FFT (nan*0 in one is a skipped term in the "
       "other, e.g. fft([0, nan]) is [nan+0j, nan+0j] in NumPy, nan+nanj in the engine)",
       "", kProductOverflow});
}

// ---- one-axis transforms (fft, ifft, rfft, irfft, hfft, ihfft) ----
using OneAxisFn = Tensor (*)(const Tensor&, std::optional<int64_t>, int64_t, const std::string&, OutArg);

// hfft has no out= form (NumPy 2.2's hfft takes out and ignores it: it calls irfft with out=None);
// its record says so, and the suites never run its out variant.
Tensor hfft_no_out(const Tensor& a, std::optional<int64_t> n, int64_t axis, const std::string& norm, OutArg) {
  return fft::hfft(a, n, axis, norm);
}

// The out= samples that NumPy refuses: out of the wrong shape along the axis, a broadcast that
// fails, and a result that cannot be cast to out under same_kind (`ufunc`: the pocketfft gufunc
// NumPy names, `loop`: its output dtype there).
void out_errors(Errors& e, const std::string& re, const SampleInput& in, const Shape& rshape, DType rdtype,
                const std::string& ufunc, const std::string& loop) {
  Shape wrong = rshape;
  wrong.back() += 1;
  e.push_back(ErrorInput{in, "ValueError", re + " output array has wrong shape", Variant::out, zeros(wrong, rdtype)});
  const DType bad = is_complex(rdtype) ? DType::Float64 : DType::Int64;
  e.push_back(ErrorInput{in, "UFuncTypeError",
                         re + " Cannot cast ufunc '" + ufunc + "' output from dtype\\('" + loop + "'\\) to dtype\\('" +
                             name(bad) + "'\\) with casting rule 'same_kind'",
                         Variant::out, zeros(rshape, bad)});
}

OpInfo one_axis(const std::string& name, OneAxisFn f, bool complex_input) {
  OpInfo op = entry_from_record(name, [f](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) {
    const OutArg o = v == Variant::out ? OutArg(out) : OutArg();
    return std::vector<Tensor>{f(a[0].tensor(), kopt_int(kw, "n"), kint(kw, "axis", -1), knorm(kw), o)};
  });
  library_refs(op, name, "");  // torch.fft.X(x, n, dim, norm): axis reaches it as dim
  op.sample_inputs = [name, complex_input](DType d) {
    Gen g = gen(name, d);
    // an input length whose default n is the length L of the transform: L itself, or L/2 + 1
    // for the Hermitian inputs (irfft, hfft: n = 2 (m - 1))
    auto len = [&](int64_t l) { return complex_input ? l / 2 + 1 : l; };
    return Samples{
        sample({g({len(20)})}, {}, "(20,)"),
        sample({g({len(8)})}, {}, "(8,) power of two"),
        sample({g({17})}, {}, "(17,) prime"),
        sample({g({97})}, {{"norm", str("ortho")}}, "(97,) prime (Bluestein), ortho"),
        sample({g({len(12)})}, {{"norm", str("forward")}}, "(12,) forward"),
        sample({g({len(360)})}, {}, "(360,) composite"),
        sample({g({20})}, {{"n", i64(7)}}, "(20,) n=7 (truncated)"),
        sample({g({5})}, {{"n", i64(12)}, {"norm", str("ortho")}}, "(5,) n=12 (zero-padded), ortho"),
        sample({g({6})}, {{"n", i64(11)}}, "(6,) n=11 (odd)"),
        sample({g({1})}, {{"n", i64(1)}}, "(1,) n=1"),
        sample({g({3, 10})}, {}, "(3, 10) last axis"),
        sample({g({len(6), 4})}, {{"axis", i64(0)}, {"norm", str("forward")}}, "(L, 4) axis=0, forward"),
        sample({g.transposed()}, {{"axis", i64(1)}}, "(3, 4, 5) transposed, axis=1"),
        sample({g({4, 5, 3}).index({Slice(), Slice(None, None, 2), Slice()})}, {{"axis", i64(-2)}, {"n", i64(6)}},
               "(4, 3, 3) strided, axis=-2, n=6"),
        sample({g({0, 8})}, {}, "(0, 8) empty batch"),
    };
  };
  op.reference_inputs = [name, complex_input](DType d) {
    Gen g = gen(name + "ref", d);
    auto len = [&](int64_t l) { return complex_input ? l / 2 + 1 : l; };
    return Samples{
        sample({g({len(1009)})}, {}, "(1009,) prime (Bluestein)"),
        sample({g({len(4096)})}, {}, "(4096,) power of two"),
        sample({g({len(1000)})}, {{"norm", str("ortho")}}, "(1000,) composite, ortho"),
    };
  };
  op.tolerances = fft_tolerances();
  transform_traits(op);
  op.error_inputs = [name, complex_input] {
    const std::string re = "\\[" + name + "\\]";
    Errors e{
        error({f64({})}, {}, "IndexError", ".*"),
        error({f64({6})}, {{"n", i64(0)}}, "ValueError", "Invalid number of FFT data points \\(0\\)"),
        error({f64({6})}, {{"n", i64(-2)}}, "ValueError", "Invalid number of FFT data points \\(-2\\)"),
        error({f64({6})}, {{"norm", str("sideways")}}, "ValueError", "Invalid norm value sideways"),
        error({f64({6})}, {{"n", i64(4)}, {"axis", i64(1)}}, "AxisError", "axis 1 is out of bounds"),
        error({f64({2, 6})}, {{"axis", i64(2)}}, "IndexError", ".*"),
    };
    if (!complex_input) e.push_back(error({f64({0})}, {}, "ValueError", "Invalid number of FFT data points \\(0\\)"));
    if (complex_input) e.push_back(error({c128({1})}, {}, "ValueError", "Invalid number of FFT data points \\(0\\)"));
    if (name == "fft.rfft" || name == "fft.ihfft") e.push_back(error({c128({6})}, {}, "TypeError", re));
    if (name != "fft.hfft") {
      // out=: a (2, 6) input transformed along its last axis (irfft: length 10 from 6 bins).
      const bool real_in = name == "fft.rfft" || name == "fft.ihfft";
      const SampleInput in{{complex_input ? c128({2, 6}) : f64({2, 6})}, {}, "out= errors"};
      const int64_t n_out = complex_input ? 10 : real_in ? 4 : 6;
      const std::string ufunc = complex_input ? "irfft" : real_in ? "rfft_n_even" : name.substr(4);
      out_errors(e, re, in, {2, n_out}, complex_input ? DType::Float64 : DType::Complex128, ufunc,
                 complex_input ? "float64" : "complex128");
      // the other (loop) axis broadcasts to out's: 2 rows do not broadcast to 3
      e.push_back(ErrorInput{in, "ValueError", re + " operands could not be broadcast", Variant::out,
                             zeros({3, n_out}, complex_input ? DType::Float64 : DType::Complex128)});
    }
    return e;
  };
  return op;
}

// ---- n-dimensional transforms (fftn, ifftn, rfftn, irfftn) ----
using NdFn = Tensor (*)(const Tensor&, const fft::Axes&, const fft::Axes&, const std::string&, OutArg);

OpInfo nd(const std::string& name, NdFn f, bool complex_input) {
  OpInfo op = entry_from_record(name, [f](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) {
    const OutArg o = v == Variant::out ? OutArg(out) : OutArg();
    return std::vector<Tensor>{f(a[0].tensor(), kaxes(kw, "s"), kaxes(kw, "axes"), knorm(kw), o)};
  });
  library_refs(op, name, "lambda x, s=None, axes=None, norm=None: torch.fft.X(x, s=s, dim=axes, norm=norm)");
  const bool real_last = name == "fft.rfftn" || name == "fft.irfftn";
  op.sample_inputs = [name, complex_input, real_last](DType d) {
    Gen g = gen(name, d);
    Samples s{
        sample({g({4, complex_input ? 5 : 6})}, {}, "(4, L) every axis"),
        sample({g({3, 4, 5})}, {{"axes", tup({0, 2})}}, "(3, 4, 5) axes=(0, 2)"),
        sample({g({3, 4, 5})}, {{"s", tup({2, 7})}, {"axes", tup({1, 2})}, {"norm", str("ortho")}},
               "(3, 4, 5) s=(2, 7) axes=(1, 2), ortho"),
        sample({g({3, 4, 5})}, {{"s", tup({6, -1})}, {"axes", tup({0, 1})}}, "(3, 4, 5) s=(6, -1) axes=(0, 1)"),
        sample({g({3, 6})}, {{"axes", tup({-1})}, {"norm", str("forward")}}, "(3, 6) axes=(-1,), forward"),
        sample({g.transposed()}, {{"axes", tup({1, 2})}}, "(3, 4, 5) transposed, axes=(1, 2)"),
        sample({g({17, 3})}, {{"axes", tup({0})}}, "(17, 3) prime axis"),
        sample({g({0, 4})}, {{"axes", tup({1})}}, "(0, 4) empty batch"),
    };
    if (!real_last) {
      s.push_back(sample({g({4, 3})}, {{"axes", tup({0, 0})}}, "(4, 3) axes=(0, 0) (twice)"));
      s.push_back(sample({g({})}, {}, "0-d: no axes, returned unchanged"));
    }
    return s;
  };
  if (!real_last)
    op.discrepancies.push_back(
        {Discrepancy::Kind::differs, {}, {"VariantConsistency", "Fuzz"},
         "out= with a 0-d input (no axes): the input is returned and out= is left as it was",
         "NumPy 2.2's fftn/ifftn run no one-axis step there and return the input itself without writing out=; the "
         "engine does the same, while the out= checks read NumPy's answer from out= (np.fft.fftn(a, out=o); o)",
         "0-d: no axes, returned unchanged"});
  op.tolerances = fft_tolerances();
  transform_traits(op);
  op.error_inputs = [name, real_last, complex_input] {
    Errors e{
        error({f64({2, 3})}, {{"s", tup({4})}, {"axes", tup({0, 1})}}, "ValueError", "Shape and axes have different lengths"),
        error({f64({2, 3})}, {{"s", tup({0, 3})}, {"axes", tup({0, 1})}}, "ValueError", "Invalid number of FFT data points \\(0\\)"),
        error({f64({2, 3})}, {{"s", tup({4, 4})}, {"axes", tup({0, 3})}}, "AxisError", "out of bounds"),
        error({f64({2, 3})}, {{"axes", tup({0, 5})}}, "IndexError", ".*"),
        error({f64({2, 3})}, {{"norm", str("sideways")}}, "ValueError", "Invalid norm value sideways"),
    };
    if (real_last) e.push_back(error({f64({})}, {}, "IndexError", ".*"));
    if (name == "fft.rfftn") e.push_back(error({c128({2, 3})}, {}, "TypeError", "\\[fft.rfft"));
    // out=: a (2, 6) input over both axes (irfftn: length 10 from 6 bins along the last)
    const std::string re = "\\[" + name + "\\]";
    const SampleInput in{{complex_input ? c128({2, 6}) : f64({2, 6})}, {}, "out= errors"};
    const int64_t n_out = complex_input ? 10 : real_last ? 4 : 6;
    const std::string ufunc = complex_input ? "irfft" : real_last ? "rfft_n_even" : name == "fft.ifftn" ? "ifft" : "fft";
    out_errors(e, re, in, {2, n_out}, complex_input ? DType::Float64 : DType::Complex128, ufunc,
               complex_input ? "float64" : "complex128");
    // s=(3, 6) over (0, 1) with out (3, L): the first step along axis 1 keeps 2 rows, which do not
    // broadcast to out's 3 (NumPy 2.x hands out to that step too); irfftn's out is its last step's only
    if (!complex_input)
      e.push_back(ErrorInput{SampleInput{{f64({2, 6})}, {{"s", tup({3, 6})}, {"axes", tup({0, 1})}}, "out= s=(3, 6)"},
                             "ValueError", re + " operands could not be broadcast", Variant::out,
                             zeros({3, n_out}, DType::Complex128)});
    return e;
  };
  return op;
}

// ---- fftfreq, rfftfreq: float64 for every n and d ----
OpInfo freq(const std::string& name, Tensor (*f)(int64_t, double)) {
  OpInfo op = entry_from_record(name, [f](Variant, const Args&, const Kwargs& kw, const Tensor&) {
    const KwValue* dv = find_kwarg(kw, "d");
    double d = 1.0;
    if (dv && std::holds_alternative<double>(*dv)) d = std::get<double>(*dv);
    if (dv && std::holds_alternative<int64_t>(*dv)) d = static_cast<double>(std::get<int64_t>(*dv));
    return std::vector<Tensor>{f(kint(kw, "n", 0), d)};
  });
  library_refs(op, name, "");
  op.dtypes_cpu = {DType::Float64};
  op.sample_inputs = [](DType) {
    Samples s;
    for (int64_t n : {1, 2, 5, 8, 9, 100})
      s.push_back(sample({}, {{"n", i64(n)}}, "n=" + std::to_string(n)));
    s.push_back(sample({}, {{"n", i64(7)}, {"d", KwValue(0.1)}}, "n=7, d=0.1"));
    s.push_back(sample({}, {{"n", i64(6)}, {"d", KwValue(-2.5)}}, "n=6, d=-2.5"));
    s.push_back(sample({}, {{"n", i64(4)}, {"d", i64(3)}}, "n=4, d=3 (an int)"));
    return s;
  };
  op.error_inputs = [] {
    return Errors{error({}, {{"n", i64(0)}}, "ZeroDivisionError", ".*"),
                  error({}, {{"n", i64(4)}, {"d", KwValue(0.0)}}, "ZeroDivisionError", ".*")};
  };
  std::vector<DType> others;
  for (DType d : kAllDTypes)
    if (d != DType::Float64) others.push_back(d);
  op.discrepancies.push_back({Discrepancy::Kind::skip, others, {"Dtypes"},
                              "no dtype to check: the samples carry only n and d",
                              "np.fft.fftfreq/rfftfreq take no dtype argument: the result is float64 for every n and d", ""});
  return op;
}

// ---- fftshift, ifftshift ----
OpInfo shift(const std::string& name, Tensor (*f)(const Tensor&, const fft::Axes&)) {
  OpInfo op = entry_from_record(name, [f](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
    return std::vector<Tensor>{f(a[0].tensor(), kaxes(kw, "axes"))};
  });
  library_refs(op, name, "lambda x, axes=None: torch.fft.X(x, dim=axes)");
  op.sample_inputs = [name](DType d) {
    Gen g = gen(name, d);
    return Samples{
        sample({g({5})}, {}, "(5,)"),
        sample({g({4, 7})}, {}, "(4, 7) every axis"),
        sample({g({4, 7})}, {{"axes", i64(1)}}, "(4, 7) axes=1"),
        sample({g({4, 7})}, {{"axes", tup({0, 0})}}, "(4, 7) axes=(0, 0)"),
        sample({g.transposed()}, {{"axes", tup({0, 2})}}, "(3, 4, 5) transposed, axes=(0, 2)"),
        sample({g({0, 3})}, {}, "(0, 3) empty"),
        sample({g({1, 1})}, {}, "(1, 1) nothing moves"),
    };
  };
  op.error_inputs = [] {
    return Errors{error({f64({})}, {}, "ValueError", ".*"),
                  error({f64({3})}, {{"axes", i64(1)}}, "IndexError", ".*")};
  };
  return op;
}
}  // namespace

void add_fft_ops(std::vector<OpInfo>& db) {
  db.push_back(one_axis("fft.fft", fft::fft, false));
  db.push_back(one_axis("fft.ifft", fft::ifft, false));
  db.push_back(one_axis("fft.rfft", fft::rfft, false));
  db.push_back(one_axis("fft.irfft", fft::irfft, true));
  db.push_back(one_axis("fft.hfft", hfft_no_out, true));
  db.push_back(one_axis("fft.ihfft", fft::ihfft, false));
  db.push_back(nd("fft.fftn", fft::fftn, false));
  db.push_back(nd("fft.ifftn", fft::ifftn, false));
  db.push_back(nd("fft.rfftn", fft::rfftn, false));
  db.push_back(nd("fft.irfftn", fft::irfftn, true));
  db.push_back(freq("fft.fftfreq", fft::fftfreq));
  db.push_back(freq("fft.rfftfreq", fft::rfftfreq));
  db.push_back(shift("fft.fftshift", fft::fftshift));
  db.push_back(shift("fft.ifftshift", fft::ifftshift));
}

}  // namespace parity::opinfo
