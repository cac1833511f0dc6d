// The CUDA elementwise kernels (engine/src/cuda/ew_*.cu).
//  - Without a GPU (any CUDA build): every CPU ufunc loop has a CUDA kernel or is listed in
//    cuda::missing_ufunc_kernels() (missing_kernels.cpp) with a reason, no entry there is stale,
//    casts cover the 15 x 15 dtype pairs, where covers every dtype, and has_cuda_kernel (what
//    OpInfo's dtypes_cuda derive from) follows these tables.
//  - With a GPU: each ufunc loop's GPU result equals the engine's CPU result on sample values
//    (nan, +-inf, +-0, subnormals, integer min/max ...) for contiguous, strided (negative strides
//    too), broadcast and by-value CPU 0-d operands: exactly (bit for bit, any NaN matching any NaN)
//    for integer, bool and exactly rounded ops, within the ULP tolerances of `tolerance` below for
//    functions computed by a different math library.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "cuda/backend.h"
#include "iter.h"
#include "ops/ufunc_dispatch.h"
#include "parity/ops.h"
#include "ufunc.h"

namespace parity {
const UFuncDef& ufunc_clip();  // defined by PARITY_UFUNC3 in ops/where_clip.cpp
}

namespace {
using namespace parity;

struct Uf {
  std::string cname;  // the engine's C++ name (has_cuda_kernel's)
  const UFuncDef* def;
};

std::vector<Uf> all_ufuncs() {
  std::vector<Uf> v;
#define PARITY_X(name, py, ...) v.push_back({#name, &ufunc_##name()});
  PARITY_UNARY_UFUNCS(PARITY_X)
  PARITY_BINARY_UFUNCS(PARITY_X)
#undef PARITY_X
  v.push_back({"clip", &ufunc_clip()});
  return v;
}

bool listed_missing(const char* ufunc, DType in) {
  for (const auto& m : cuda::missing_ufunc_kernels())
    if (std::string(m.ufunc) == ufunc && m.in == in) return true;
  return false;
}

std::string loop_str(const UFuncDef& uf, const LoopSig& l) {
  std::string s = std::string(uf.name) + "(";
  for (int k = 0; k < uf.nin; ++k) s += std::string(k ? ", " : "") + name(l.in[k]);
  return s + ") -> " + name(l.out);
}

// ---------------------------------------------------------------------------------------------
// Without a GPU
// ---------------------------------------------------------------------------------------------

TEST(CudaKernels, EveryUfuncLoopHasAKernelOrIsListed) {
  if (!cuda::built()) {
    EXPECT_TRUE(cuda::missing_ufunc_kernels().empty());
    GTEST_SKIP() << "built without CUDA";
  }
  int loops = 0, kernels = 0, missing = 0;
  for (const Uf& u : all_ufuncs()) {
    for (const LoopSig& l : u.def->loops) {
      ++loops;
      const bool has = cuda::ufunc_kernel(u.def->name, l.in, u.def->nin, l.out) != nullptr;
      const bool listed = listed_missing(u.def->name, l.in[0]);
      kernels += has;
      missing += listed;
      EXPECT_TRUE(has || listed) << loop_str(*u.def, l) << ": no CUDA kernel and not in missing_ufunc_kernels()";
      EXPECT_FALSE(has && listed) << loop_str(*u.def, l) << ": has a CUDA kernel but is listed as missing";
    }
  }
  std::printf("[          ] %d ufunc loops: %d CUDA kernels, %d listed missing\n", loops, kernels, missing);
}

TEST(CudaKernels, MissingListNamesExistingLoopsOnce) {
  std::set<std::pair<std::string, DType>> seen;
  const auto ufs = all_ufuncs();
  for (const auto& m : cuda::missing_ufunc_kernels()) {
    EXPECT_TRUE(seen.insert({m.ufunc, m.in}).second) << m.ufunc << " " << name(m.in) << " listed twice";
    EXPECT_NE(std::string(m.reason), "") << m.ufunc;
    bool found = false;
    for (const Uf& u : ufs)
      for (const LoopSig& l : u.def->loops)
        if (std::string(u.def->name) == m.ufunc && l.in[0] == m.in) found = true;
    EXPECT_TRUE(found) << m.ufunc << " " << name(m.in) << ": the CPU has no such loop (stale entry)";
  }
}

TEST(CudaKernels, CastsForAllDTypePairs) {
  if (!cuda::built()) GTEST_SKIP() << "built without CUDA";
  for (DType from : kAllDTypes)
    for (DType to : kAllDTypes)
      EXPECT_NE(cuda::cast_kernel(from, to), nullptr) << name(from) << " -> " << name(to);
}

TEST(CudaKernels, WhereForAllDTypes) {
  if (!cuda::built()) GTEST_SKIP() << "built without CUDA";
  for (DType d : kAllDTypes) {
    const DType in[3] = {DType::Bool, d, d};
    EXPECT_NE(cuda::ufunc_kernel("where", in, 3, d), nullptr) << name(d);
    EXPECT_TRUE(has_cuda_kernel("where", d)) << name(d);
  }
}

TEST(CudaKernels, HasCudaKernelFollowsTheTables) {
  if (!cuda::built()) {
    EXPECT_FALSE(has_cuda_kernel("sin", DType::Float32));
    GTEST_SKIP() << "built without CUDA";
  }
  EXPECT_TRUE(has_cuda_kernel("sin", DType::Float32));
  EXPECT_TRUE(has_cuda_kernel("sin", DType::Int8));  // the float16 loop
  EXPECT_TRUE(has_cuda_kernel("sin", DType::Complex64));
  EXPECT_TRUE(has_cuda_kernel("power", DType::Complex128));
  EXPECT_TRUE(has_cuda_kernel("nextafter", DType::Float16));
  EXPECT_TRUE(has_cuda_kernel("add", DType::Complex128));
  EXPECT_TRUE(has_cuda_kernel("sigmoid", DType::BFloat16));
  EXPECT_TRUE(has_cuda_kernel("clip", DType::BFloat16));
  EXPECT_TRUE(has_cuda_kernel("divide", DType::Int32));
  // Each ufunc and dtype: a kernel exactly when the loop that dtype resolves to is not listed.
  for (const Uf& u : all_ufuncs()) {
    if (u.cname == "clip") continue;
    for (DType d : kAllDTypes) {
      Tensor x = zeros({}, d);
      ArrayLike a(x), b(x);
      const LoopSig* l = nullptr;
      try {
        l = u.def->nin == 1 ? &resolve_loop(*u.def, {&a}) : &resolve_loop(*u.def, {&a, &b});
      } catch (const Error&) {
        EXPECT_FALSE(has_cuda_kernel(u.cname, d)) << u.cname << " " << name(d);
        continue;
      }
      EXPECT_EQ(has_cuda_kernel(u.cname, d), !listed_missing(u.def->name, l->in[0])) << u.cname << " " << name(d);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// With a GPU: the GPU against the engine's CPU
// ---------------------------------------------------------------------------------------------

#define PARITY_REQUIRE_GPU() \
  if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device"

// Sample values of dtype `d` (n = 32): specials first, then ordinary values.
Tensor samples(DType d) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> fl = {0.0,  -0.0,   1.0,    -1.0,  0.5,    -0.5,  1.5,     2.5,
                                  -2.5, 3.0,    0.1,    -0.3,  0.7,    2.0,   10.0,    -10.0,
                                  100., 1e-3,   1e4,    -7e4,  1e30,   -1e-30, 5e-324, 1.4e-45,
                                  1e-40, 6e-8,  65504., 3.4e38, 1.7e308, inf,  -inf,    nan};
  const std::vector<int64_t> in = {0, 1, -1, 2, 3, -3, 7, -8, 31, 63, 64, 100, -100, 127, -128, 255,
                                   32767, -32768, 65535, 5, -5, 2147483647, -2147483647 - 1, 4294967295LL,
                                   9, 12, 6, 16, INT64_MAX, INT64_MIN, 40, -64};
  if (d == DType::Bool) {
    std::vector<bool> b;
    for (size_t i = 0; i < 32; ++i) b.push_back((i * 7 + i / 3) % 3 == 0);
    return asarray(b);
  }
  if (is_integer(d)) return asarray(in).astype(d);
  if (is_floating(d)) return asarray(fl).astype(d);
  // complex: every real value against a rotated list of them
  std::vector<double> im(fl.size());
  for (size_t i = 0; i < fl.size(); ++i) im[i] = fl[(i * 7 + 3) % fl.size()];
  Tensor z = zeros({static_cast<int64_t>(fl.size())}, d);
  copy_cast(asarray(fl), z.real());
  copy_cast(asarray(im), z.imag());
  return z;
}

// Ordered integer of a float's bits (adjacent floats differ by 1; -0 and +0 both 0).
int64_t ordered(uint64_t bits, int width) {
  const uint64_t sign = bits >> (width - 1) & 1, mag = bits & ((uint64_t(1) << (width - 1)) - 1);
  return sign ? -static_cast<int64_t>(mag) : static_cast<int64_t>(mag);
}

// Element i of contiguous `t` (a real dtype): raw bits and nan-ness.
uint64_t bits_at(const Tensor& t, int64_t i) {
  uint64_t b = 0;
  std::memcpy(&b, static_cast<const char*>(t.data_ptr()) + i * t.itemsize(), static_cast<size_t>(t.itemsize()));
  return b;
}

// ULP tolerance of a loop with output dtype `out` (0: bit-exact; any NaN matches any NaN).
//  - Integer, bool and the exactly rounded IEEE operations (+ - * /, sqrt, fmod, floor..., the
//    comparisons, min/max, copysign, casts) give the same bits: both sides round each operation
//    once (nvcc builds with --fmad=false, so no contraction the CPU does not do).
//  - float16/bfloat16 results are computed in float and rounded: where the float results differ
//    by a few float ULP the rounding can differ by one 16-bit ULP.
//  - float32/float64 functions from a math library (exp, log, trig, hyperbolic, cbrt, pow, hypot,
//    arctan2, logaddexp, expit, complex abs/sign through hypot): CUDA's documented maximum errors
//    are up to 4 ULP (powf, tanf, acoshf), the CPU's (glibc, Highway and SLEEF vector loops) up to
//    4 more, so 8 ULP.
int64_t tolerance(const std::string& ufunc, DType in, DType out) {
  static const std::set<std::string> library = {
      "cbrt", "exp",  "exp2",  "expm1", "log",     "log2",    "log10",   "log1p",  "sin",     "cos",
      "tan",  "arcsin", "arccos", "arctan", "sinh", "cosh",    "tanh",    "arcsinh", "arccosh", "arctanh",
      "expit", "angle", "power", "arctan2", "hypot", "logaddexp"};
  bool lib = library.count(ufunc) > 0;
  if ((ufunc == "absolute" || ufunc == "sign") && is_complex(in)) lib = true;  // hypot
  if (ufunc == "power" && !is_inexact(in)) lib = false;                         // integer power
  if (!lib || !is_inexact(out)) return 0;
  if (out == DType::Float16 || out == DType::BFloat16) return 1;
  return 8;
}

// Compares the GPU result (already copied to the CPU) with the CPU's.
::testing::AssertionResult same_result(const Tensor& gpu, const Tensor& cpu, int64_t tol) {
  if (gpu.dtype() != cpu.dtype())
    return ::testing::AssertionFailure() << "dtype " << name(gpu.dtype()) << " != CPU's " << name(cpu.dtype());
  if (gpu.shape() != cpu.shape())
    return ::testing::AssertionFailure() << "shape " << shape_str(gpu.shape()) << " != CPU's " << shape_str(cpu.shape());
  Tensor g = gpu.contiguous(), c = cpu.contiguous();
  if (is_complex(g.dtype())) {
    auto r = same_result(g.real().contiguous(), c.real().contiguous(), tol);
    if (!r) return r << " (real part)";
    auto i = same_result(g.imag().contiguous(), c.imag().contiguous(), tol);
    if (!i) return i << " (imaginary part)";
    return ::testing::AssertionSuccess();
  }
  const int width = static_cast<int>(g.itemsize() * 8);
  const std::vector<double> gv = g.to_double_vector(), cv = c.to_double_vector();
  for (int64_t i = 0; i < g.size(); ++i) {
    const uint64_t gb = bits_at(g, i), cb = bits_at(c, i);
    if (gb == cb) continue;
    if (is_floating(g.dtype())) {
      if (std::isnan(gv[i]) && std::isnan(cv[i])) continue;
      if (!std::isnan(gv[i]) && !std::isnan(cv[i]) && tol > 0) {
        const int64_t a = ordered(gb, width), b = ordered(cb, width);
        const int64_t dist = a > b ? a - b : b - a;
        if (dist <= tol) continue;
      }
    }
    return ::testing::AssertionFailure() << "element " << i << ": GPU " << gv[i] << " != CPU " << cv[i]
                                         << " (tolerance " << tol << " ULP)";
  }
  return ::testing::AssertionSuccess();
}

// The complex loops of the functions of kernels/complex_math.h (the GPU) against glibc's (the
// CPU) are compared normwise with OpInfo's default rtol of the result dtype (opinfo
// default_tolerance: complex64 1.3e-6, complex128 1e-7): |gpu - cpu| <= rtol * cond * |cpu|, NaNs
// and infinities in the same parts. cond is 1, or 1 + |b log a| for power (both sides compute
// exp(b log a), whose error grows with it).
bool complex_function(const std::string& ufunc, DType in) {
  static const std::set<std::string> fns = {
      "sqrt", "exp", "exp2", "log", "log2", "log10", "sin", "cos", "tan", "arcsin",
      "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "power"};
  return is_complex(in) && fns.count(ufunc) > 0;
}
double complex_rtol(DType out) { return out == DType::Complex64 ? 1.3e-6 : 1e-7; }

::testing::AssertionResult close_complex(const Tensor& gpu, const Tensor& cpu, const Tensor& cond) {
  if (gpu.dtype() != cpu.dtype())
    return ::testing::AssertionFailure() << "dtype " << name(gpu.dtype()) << " != CPU's " << name(cpu.dtype());
  if (gpu.shape() != cpu.shape())
    return ::testing::AssertionFailure() << "shape " << shape_str(gpu.shape()) << " != CPU's " << shape_str(cpu.shape());
  const std::vector<double> gr = gpu.real().contiguous().to_double_vector(), gi = gpu.imag().contiguous().to_double_vector(),
                            cr = cpu.real().contiguous().to_double_vector(), ci = cpu.imag().contiguous().to_double_vector();
  const std::vector<double> k = cond.defined() ? broadcast_to(cond, cpu.shape()).contiguous().to_double_vector()
                                               : std::vector<double>(cr.size(), 1.0);
  const double rtol = complex_rtol(cpu.dtype());
  auto same_class = [](double g, double c) {
    if (std::isnan(c)) return std::isnan(g);
    if (std::isinf(c)) return g == c;
    return std::isfinite(g);
  };
  for (size_t i = 0; i < cr.size(); ++i) {
    const bool ok_class = same_class(gr[i], cr[i]) && same_class(gi[i], ci[i]);
    bool ok = ok_class;
    if (ok && std::isfinite(cr[i]) && std::isfinite(ci[i]) && std::isfinite(k[i])) {
      const double err = std::hypot(gr[i] - cr[i], gi[i] - ci[i]), mag = std::hypot(cr[i], ci[i]);
      ok = err <= rtol * k[i] * mag;
    }
    if (!ok)
      return ::testing::AssertionFailure() << "element " << i << ": GPU (" << gr[i] << ", " << gi[i] << ") != CPU ("
                                           << cr[i] << ", " << ci[i] << ") (rtol " << rtol << " x " << k[i] << ")";
  }
  return ::testing::AssertionSuccess();
}

// Runs ufunc `uf` on the CPU tensors `in` and on their GPU copies, with each operand reshaped by
// `view` (the same calls on both devices), and compares.
template <class View>
void check_case(const UFuncDef& uf, const std::vector<Tensor>& in, View view, int64_t tol, const std::string& what) {
  std::vector<Tensor> c, g;
  for (size_t k = 0; k < in.size(); ++k) {
    c.push_back(view(in[k], k, Device::cpu));
    g.push_back(view(in[k].to(Device::cuda), k, Device::cuda));
  }
  std::vector<ArrayLike> ca, ga;
  for (size_t k = 0; k < in.size(); ++k) {
    ca.emplace_back(c[k]);
    ga.emplace_back(g[k]);
  }
  std::vector<const ArrayLike*> cp, gp;
  for (size_t k = 0; k < in.size(); ++k) {
    cp.push_back(&ca[k]);
    gp.push_back(&ga[k]);
  }
  Tensor want, got;
  std::string cpu_error, gpu_error;
  try {
    want = apply_ufunc(uf, cp, OutArg{});
  } catch (const Error& e) {
    cpu_error = e.py_class();
  }
  try {
    got = apply_ufunc(uf, gp, OutArg{});
  } catch (const Error& e) {
    gpu_error = e.py_class();
  }
  ASSERT_EQ(gpu_error, cpu_error) << what;
  if (!cpu_error.empty()) return;
  ASSERT_EQ(got.device(), Device::cuda) << what;
  if (complex_function(uf.name, want.dtype())) {
    Tensor cond;
    if (std::string(uf.name) == "power") cond = add(multiply(absolute(c[1]), absolute(log(c[0]))), 1.0);
    EXPECT_TRUE(close_complex(got.to(Device::cpu), want, cond)) << what;
    return;
  }
  EXPECT_TRUE(same_result(got.to(Device::cpu), want, tol)) << what;
}

// The layouts each loop runs in: contiguous; strided with a negative stride; broadcast (an
// outer-product shape); a CPU 0-d operand passed by value (binary and ternary only: the last
// operand, then the first).
std::vector<std::pair<std::string, std::function<Tensor(const Tensor&, size_t, Device, int)>>> layouts() {
  std::vector<std::pair<std::string, std::function<Tensor(const Tensor&, size_t, Device, int)>>> v;
  v.push_back({"contiguous", [](const Tensor& t, size_t, Device, int) { return t; }});
  v.push_back({"strided", [](const Tensor& t, size_t k, Device, int) {
                 Tensor r = t.flip();
                 return k % 2 ? r.index({Slice(std::nullopt, std::nullopt, 2)}) : r.index({Slice(1, std::nullopt, 2)});
               }});
  v.push_back({"broadcast", [](const Tensor& t, size_t k, Device, int) {
                 Tensor r = t.index({Slice(0, 8)});
                 return k % 2 ? r.reshape({1, 8}) : r.reshape({8, 1});
               }});
  v.push_back({"by-value", [](const Tensor& t, size_t k, Device, int nin) {
                 if (nin == 1 || k != static_cast<size_t>(nin - 1)) return t;
                 return t.to(Device::cpu).index({int64_t(5)}).copy();  // a CPU 0-d tensor
               }});
  v.push_back({"by-value-first", [](const Tensor& t, size_t k, Device, int nin) {
                 if (nin == 1 || k != 0) return t;
                 return t.to(Device::cpu).index({int64_t(29)}).copy();
               }});
  return v;
}

void check_ufunc(const Uf& u) {
  const UFuncDef& uf = *u.def;
  for (const LoopSig& l : uf.loops) {
    if (!cuda::ufunc_kernel(uf.name, l.in, uf.nin, l.out)) continue;  // listed missing
    std::vector<Tensor> in;
    for (int k = 0; k < uf.nin; ++k) {
      Tensor s = samples(l.in[k]);
      // Operand k: the samples rotated, so that binary ops pair different values.
      if (k > 0) s = concatenate({s.index({Slice(7 * k, std::nullopt)}), s.index({Slice(0, 7 * k)})});
      in.push_back(s);
    }
    if (std::string(uf.name) == "power" && is_signed_int(l.in[0]))
      in[1] = remainder(in[1], int64_t(9)).astype(l.in[1]);  // negative exponents raise (tested below)
    if (std::string(uf.name) == "left_shift" || std::string(uf.name) == "right_shift")
      in[1] = remainder(in[1], int64_t(70)).astype(l.in[1]);  // counts in and past the width
    const int64_t tol = tolerance(uf.name, l.in[0], l.out);
    for (const auto& [lname, f] : layouts()) {
      auto view = [&, f = f](const Tensor& t, size_t k, Device d) { return f(t, k, d, uf.nin); };
      check_case(uf, in, view, tol, loop_str(uf, l) + ", " + lname);
    }
  }
}

class CudaUfunc : public ::testing::TestWithParam<std::string> {};

TEST_P(CudaUfunc, MatchesCpu) {
  PARITY_REQUIRE_GPU();
  for (const Uf& u : all_ufuncs())
    if (u.cname == GetParam()) return check_ufunc(u);
  FAIL() << "no ufunc " << GetParam();
}

std::vector<std::string> ufunc_names() {
  std::vector<std::string> v;
  for (const Uf& u : all_ufuncs()) v.push_back(u.cname);
  return v;
}
INSTANTIATE_TEST_SUITE_P(Cuda, CudaUfunc, ::testing::ValuesIn(ufunc_names()),
                         [](const auto& info) { return info.param; });

// Complex values for the complex functions: an ordinary grid (near 0, the unit circle, the branch
// points +-1 and +-i, past exp's overflow threshold) and every pair of special parts.
Tensor complex_inputs(DType d) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> grid = {-800, -100, -20, -3, -1.5, -1, -0.7, -0.5, -1e-3, -1e-9, 0, 1e-9, 1e-3,
                                    0.5, 0.7071, 1, 1.0000001, 1.5, 3, 20, 89, 100, 710, 1e15};
  const std::vector<double> special = {0.0, -0.0, 1.0, -1.0, inf, -inf, nan, 2.5, -2.5, 1e300, -3e38};
  std::vector<double> re, im;
  for (double a : grid)
    for (double b : grid) re.push_back(a), im.push_back(b);
  for (double a : special)
    for (double b : special) re.push_back(a), im.push_back(b);
  Tensor z = zeros({static_cast<int64_t>(re.size())}, d);
  copy_cast(asarray(re), z.real());
  copy_cast(asarray(im), z.imag());
  return z;
}

TEST(CudaElementwise, ComplexFunctionsMatchCpu) {
  PARITY_REQUIRE_GPU();
  for (const Uf& u : all_ufuncs()) {
    if (u.def->nin != 1 || !complex_function(u.def->name, DType::Complex64)) continue;
    for (DType d : {DType::Complex64, DType::Complex128}) {
      Tensor x = complex_inputs(d);
      Tensor want = call_unary(*u.def, x, {});
      EXPECT_TRUE(close_complex(call_unary(*u.def, x.to(Device::cuda), {}).to(Device::cpu), want, Tensor()))
          << u.def->name << " " << name(d);
    }
  }
}

TEST(CudaElementwise, ComplexPowerMatchesCpu) {
  PARITY_REQUIRE_GPU();
  for (DType d : {DType::Complex64, DType::Complex128}) {
    // every base against every exponent (small integers, fractional, complex, specials)
    Tensor a = complex_inputs(d).index({Slice(0, std::nullopt, 7)}).reshape({-1, 1});
    std::vector<double> br = {2, 3, -1, -2, 0.5, 0.3, -2.5, 0, 1e-5, 7, 99, 0, 0.5, 2, 0, std::nan("")};
    std::vector<double> bi = {0, 0, 0, 0, 0, 1, 0.5, 1, -1e-5, 0, 0, 0, 1, 1e-20, std::numeric_limits<double>::infinity(), 0};
    Tensor b = zeros({static_cast<int64_t>(br.size())}, d);
    copy_cast(asarray(br), b.real());
    copy_cast(asarray(bi), b.imag());
    Tensor want = power(a, b);
    Tensor cond = add(multiply(absolute(b), absolute(log(a))), 1.0);
    EXPECT_TRUE(close_complex(power(a.to(Device::cuda), b.to(Device::cuda)).to(Device::cpu), want, cond)) << name(d);
  }
}

// A weak complex scalar promotes a real array to the complex power loop (NEP 50).
TEST(CudaElementwise, PowerOfWeakComplexScalar) {
  PARITY_REQUIRE_GPU();
  Tensor x = asarray(std::vector<double>{0.5, 1, 2, 3, -1, -0.0, 0, 10, 1e-3});
  const std::complex<double> e(0.5, 1);
  Tensor want = power(x, e);
  Tensor got = power(x.to(Device::cuda), e);
  EXPECT_EQ(got.device(), Device::cuda);
  EXPECT_EQ(got.dtype(), want.dtype());
  Tensor cond = add(multiply(absolute(log(x.astype(DType::Complex128))), std::abs(e)), 1.0);
  EXPECT_TRUE(close_complex(got.to(Device::cpu), want, cond));
}

TEST(CudaElementwise, IntegerPowerRaisesOnNegativeExponents) {
  PARITY_REQUIRE_GPU();
  Tensor a = asarray(std::vector<int64_t>{2, 3, 4}).to(Device::cuda);
  Tensor b = asarray(std::vector<int64_t>{1, -1, 2}).to(Device::cuda);
  EXPECT_THROW(power(a, b), ValueError);
  EXPECT_THROW(power(a, int64_t(-2)), ValueError);  // a weak scalar: by value
  Tensor r = power(a, asarray(std::vector<int64_t>{1, 0, 2}).to(Device::cuda)).to(Device::cpu);
  EXPECT_EQ(r.to_double_vector(), (std::vector<double>{2, 1, 16}));
}

TEST(CudaElementwise, MixedInt64UInt64Comparisons) {
  PARITY_REQUIRE_GPU();
  Tensor a = asarray(std::vector<int64_t>{-1, 0, INT64_MAX, INT64_MIN});
  Tensor b = asarray(std::vector<uint64_t>{UINT64_MAX, 0, uint64_t(INT64_MAX), 1});
  for (const UFuncDef* uf : {&ufunc_less(), &ufunc_less_equal(), &ufunc_greater(), &ufunc_greater_equal(),
                             &ufunc_equal(), &ufunc_not_equal()}) {
    for (int order = 0; order < 2; ++order) {
      const Tensor& x = order ? b : a;
      const Tensor& y = order ? a : b;
      Tensor xg = x.to(Device::cuda), yg = y.to(Device::cuda);
      Tensor want = call_binary(*uf, x, y, {});
      Tensor got = call_binary(*uf, xg, yg, {}).to(Device::cpu);
      EXPECT_TRUE(same_result(got, want, 0)) << uf->name << " order " << order;
    }
  }
}

TEST(CudaElementwise, CastsMatchCpu) {
  PARITY_REQUIRE_GPU();
  for (DType from : kAllDTypes) {
    Tensor s = samples(from);
    for (DType to : kAllDTypes) {
      SCOPED_TRACE(std::string(name(from)) + " -> " + name(to));
      Tensor want = s.astype(to);
      EXPECT_TRUE(same_result(s.to(Device::cuda).astype(to).to(Device::cpu), want, 0));
      // strided source and destination: a flipped, sliced view into a view of a larger tensor
      Tensor sv = s.flip().index({Slice(1, std::nullopt, 3)});
      Tensor dst = zeros({2, sv.size()}, to).to(Device::cuda);
      Tensor dv = dst.index({int64_t(1)});
      dv.assign(sv.to(Device::cuda));
      EXPECT_TRUE(same_result(dv.to(Device::cpu), sv.astype(to), 0));
    }
  }
}

TEST(CudaElementwise, WhereMatchesCpu) {
  PARITY_REQUIRE_GPU();
  for (DType d : kAllDTypes) {
    SCOPED_TRACE(name(d));
    Tensor x = samples(d), y = samples(d).flip().copy();
    Tensor c = samples(DType::Bool);
    Tensor want = where(c, x, y);
    EXPECT_TRUE(same_result(where(c.to(Device::cuda), x.to(Device::cuda), y.to(Device::cuda)).to(Device::cpu), want, 0));
    // broadcast condition, CPU 0-d y (by value), strided x
    Tensor c2 = c.index({Slice(0, 4)}).reshape({4, 1});
    Tensor x2 = x.flip().index({Slice(0, 8)});
    Tensor y2 = y.index({int64_t(3)}).copy();
    Tensor want2 = where(c2, x2, y2);
    Tensor got2 = where(c2.to(Device::cuda), x.to(Device::cuda).flip().index({Slice(0, 8)}), y2);
    EXPECT_TRUE(same_result(got2.to(Device::cpu), want2, 0));
  }
  // Python scalars join as CPU 0-d operands.
  Tensor c = asarray(std::vector<bool>{true, false, true});
  Tensor got = where(c.to(Device::cuda), 1.5, asarray(std::vector<double>{7, 8, 9}).to(Device::cuda));
  EXPECT_EQ(got.device(), Device::cuda);
  EXPECT_EQ(got.to(Device::cpu).to_double_vector(), (std::vector<double>{1.5, 8, 1.5}));
}

TEST(CudaElementwise, AngleMatchesCpu) {
  PARITY_REQUIRE_GPU();
  for (DType d : {DType::Int8, DType::Float16, DType::Float32, DType::Float64, DType::Complex64, DType::Complex128}) {
    Tensor x = samples(d);
    Tensor want = angle(x, false);
    EXPECT_TRUE(same_result(angle(x.to(Device::cuda), false).to(Device::cpu), want, tolerance("angle", d, want.dtype())))
        << name(d);
  }
}

TEST(CudaElementwise, LargeContiguousUnary) {
  PARITY_REQUIRE_GPU();
  // More elements than one block's tile, with a ragged tail: the flat path's bounds.
  for (int64_t n : {int64_t(1), int64_t(1023), int64_t(1025), int64_t(3 << 20) + 7}) {
    Tensor x = arange(n).astype(DType::Float32);
    Tensor want = negative(x);
    EXPECT_TRUE(same_result(negative(x.to(Device::cuda)).to(Device::cpu), want, 0)) << n;
  }
}

}  // namespace
