// Creation ops: empty/zeros/ones/full(_like), arange, linspace, eye, identity.
#include <algorithm>
#include "parity/op_record.h"
#include <cmath>
#include <cstring>
#include <limits>

#include "convert.h"
#include "copy_stub.h"
#include "iter.h"
#include "parity/ops.h"
#include "shape_util.h"

namespace parity {

namespace {

// Every creation op allocates here, so that its errors name it, not the op it delegates to.
Tensor alloc(const Shape& shape, DType dtype, const char* op, Device device = Device::cpu) {
  return new_tensor(shape, dtype, op, device);
}

// All-zero bits are 0 in every dtype: memset on the host, cudaMemsetAsync on a GPU.
void fill_zero_cpu(const Tensor& t) { std::memset(t.data_ptr(), 0, static_cast<size_t>(t.nbytes())); }
constinit const DeviceStub<FillZeroFn> fill_zero_stub{"zero fills", &fill_zero_cpu, &fill_zero_cuda};

Tensor zeroed(const Shape& shape, DType dtype, const char* op, Device device = Device::cpu) {
  Tensor t = alloc(shape, dtype, op, device);
  fill_zero_stub.at(device, op)(t);
  return t;
}

// A 0-d CPU tensor of v (asarray on the host, whatever the default device).
Tensor host_scalar(const Scalar& v, DType dtype) {
  DeviceGuard cpu(Device::cpu);
  return asarray(v, dtype);
}

// Made on the host; the callers move it to the target device (to() keeps a host tensor as it is).
Tensor filled(const Shape& shape, const Scalar& value, std::optional<DType> dtype, const char* op) {
  // A weak scalar: ints are value-checked against dtype, floats cast unsafely (np.full copies
  // with casting='unsafe').
  Tensor v = ArrayLike(value).to_tensor(dtype, op);
  Tensor out = alloc(shape, v.dtype(), op);
  copy_cast(v, out);
  return out;
}

}  // namespace

// bool elements are C++ bools: a byte other than 0 or 1 (a reused block's old data) is undefined
// behaviour to read, where NumPy's empty bool array is merely arbitrary. Zero is arbitrary too.
static Tensor alloc_empty(const Shape& shape, DType dtype, const char* op, Device device) {
  if (dtype == DType::Bool) return zeroed(shape, dtype, op, device);
  return alloc(shape, dtype, op, device);
}

// Creation without a prototype puts its result on default_device() (the innermost DeviceGuard's,
// else the CPU); the *_like functions on their prototype's device. Values other than zeros are
// made on the host and copied over once.
Tensor empty(const Shape& shape, DType dtype) { return alloc_empty(shape, dtype, "empty", default_device()); }

Tensor zeros(const Shape& shape, DType dtype) { return zeroed(shape, dtype, "zeros", default_device()); }
Tensor zeros_on(const Shape& shape, DType dtype, Device device) { return zeroed(shape, dtype, "zeros", device); }

Tensor ones(const Shape& shape, DType dtype) {
  return filled(shape, Scalar(true), dtype, "ones").to(default_device());
}

Tensor full(const Shape& shape, const Scalar& value, std::optional<DType> dtype) {
  return filled(shape, value, dtype, "full").to(default_device());
}

// NumPy keeps the prototype's memory layout (order='K'); we always return C order.
Tensor empty_like(const Tensor& t, std::optional<DType> dtype) {
  return alloc_empty(t.shape(), dtype.value_or(t.dtype()), "empty_like", t.device());
}
Tensor zeros_like(const Tensor& t, std::optional<DType> dtype) {
  return zeroed(t.shape(), dtype.value_or(t.dtype()), "zeros_like", t.device());
}
Tensor ones_like(const Tensor& t, std::optional<DType> dtype) {
  return filled(t.shape(), Scalar(true), dtype.value_or(t.dtype()), "ones_like").to(t.device());
}
Tensor full_like(const Tensor& t, const Scalar& value, std::optional<DType> dtype) {
  return filled(t.shape(), value, dtype.value_or(t.dtype()), "full_like").to(t.device());
}

// ---------------- arange ----------------

namespace {

// Length as NumPy's _arange_safe_ceil_to_intp: ceil of a double, with its errors.
int64_t ceil_length(double v) {
  if (std::isnan(v)) throw ValueError("[arange] arange: cannot compute length");
  double c = std::ceil(v);
  if (c > 9.2e18) throw ValueError("[arange] Maximum allowed size exceeded");
  return c <= 0 ? 0 : static_cast<int64_t>(c);
}

__int128 int_value(const Scalar& s) {
  if (s.type == Scalar::Type::Bool) return s.b ? 1 : 0;
  return s.big_uint ? static_cast<__int128>(s.u) : static_cast<__int128>(s.i);
}

int64_t arange_length(const Scalar& start, const Scalar& stop, const Scalar& step) {
  using T = Scalar::Type;
  auto maxt = std::max({start.type, stop.type, step.type});
  if (maxt <= T::Int) {  // Python ints: exact
    __int128 a = int_value(start), b = int_value(stop), s = int_value(step);
    if (s == 0) throw ZeroDivisionError("[arange] division by zero");
    __int128 d = b - a;
    __int128 q = d / s, r = d % s;
    if (r != 0 && ((r > 0) == (s > 0))) ++q;  // ceil division
    if (q <= 0) return 0;
    if (q > (__int128{1} << 62)) throw ValueError("[arange] Maximum allowed size exceeded");
    return static_cast<int64_t>(q);
  }
  if (maxt == T::Complex) {  // NumPy: the smaller of the real and imaginary lengths
    std::complex<double> s = step.as_complex();
    if (s == std::complex<double>(0, 0)) throw ZeroDivisionError("[arange] complex division by zero");
    std::complex<double> q = (stop.as_complex() - start.as_complex()) / s;
    return std::min(ceil_length(q.real()), ceil_length(q.imag()));
  }
  double s = step.as_double();
  if (s == 0) throw ZeroDivisionError("[arange] float division by zero");
  return ceil_length((stop.as_double() - start.as_double()) / s);
}

Scalar add_scalars(const Scalar& a, const Scalar& b) {
  using T = Scalar::Type;
  auto t = std::max(a.type, b.type);
  if (t <= T::Int) {
    __int128 v = int_value(a) + int_value(b);
    if (v > INT64_MAX) return Scalar(static_cast<uint64_t>(v));
    return Scalar(static_cast<int64_t>(v));
  }
  if (t == T::Complex) return Scalar(a.as_complex() + b.as_complex());
  return Scalar(a.as_double() + b.as_double());
}

}  // namespace

// Element i is start + i * delta computed in the result dtype, where delta is the difference of
// the first two elements (NumPy's fill functions do exactly this). Made on the host.
static Tensor arange_host(const Scalar& start, const Scalar& stop, const Scalar& step, std::optional<DType> dtype_in) {
  using T = Scalar::Type;
  DType dtype;
  if (dtype_in) {
    dtype = *dtype_in;
  } else {
    auto maxt = std::max({start.type, stop.type, step.type});
    if (maxt <= T::Int) {
      // Python ints give int64; NumPy falls back to float64 past int64's range.
      dtype = (start.big_uint || stop.big_uint || step.big_uint) ? float64 : int64;
    } else {
      const Scalar proto = maxt == T::Complex ? Scalar(std::complex<double>(0, 0)) : Scalar(0.0);
      dtype = result_type(std::vector<DTypeOperand>{DTypeOperand(proto)}, "arange");
    }
  }
  if (!is_complex(dtype))
    for (const Scalar* s : {&start, &stop, &step})
      if (s->type == T::Complex)
        throw TypeError(op_msg("arange", std::string("must be real number, not complex (dtype ") + name(dtype) + ")"));
  int64_t n = arange_length(start, stop, step);
  if (dtype == bool_ && n > 2)
    throw TypeError("[arange] arange() is only supported for booleans when the result has at most length 2.");
  Tensor out = new_tensor({n}, dtype, "arange");
  if (n == 0) return out;
  Tensor first = host_scalar(start, dtype);
  copy_cast(first, Tensor(out.storage(), dtype, {}, {}, 0));
  if (n == 1) return out;
  Tensor second = host_scalar(add_scalars(start, step), dtype);
  copy_cast(second, Tensor(out.storage(), dtype, {}, {}, 1));
  dispatch<AllTypes>(dtype, "arange", [&](auto tag) {
    using S = typename decltype(tag)::type;
    S* p = out.data<S>();
    if constexpr (std::is_same_v<S, bool>) {
      (void)p;
    } else if constexpr (std::is_integral_v<S>) {
      // wrap-around arithmetic, as NumPy's C loops do (arange(250, 260, dtype=uint8))
      uint64_t a = static_cast<uint64_t>(p[0]), d = static_cast<uint64_t>(p[1]) - a;
      for (int64_t i = 2; i < n; ++i) p[i] = static_cast<S>(a + static_cast<uint64_t>(i) * d);
    } else if constexpr (is_complex_v<S>) {
      using R = typename S::value_type;
      R ar = p[0].real(), ai = p[0].imag(), dr = p[1].real() - ar, di = p[1].imag() - ai;
      for (int64_t i = 2; i < n; ++i) p[i] = S(ar + static_cast<R>(i) * dr, ai + static_cast<R>(i) * di);
    } else {
      using C = compute_t<S>;
      C a = static_cast<C>(p[0]), d = static_cast<C>(p[1]) - a;
      for (int64_t i = 2; i < n; ++i) p[i] = convert<S>(a + static_cast<C>(i) * d);
    }
  });
  return out;
}

Tensor arange(const Scalar& start, const Scalar& stop, const Scalar& step, std::optional<DType> dtype) {
  return arange_host(start, stop, step, dtype).to(default_device());
}

Tensor arange(const Scalar& stop) { return arange(Scalar(int64_t{0}), stop, Scalar(int64_t{1})); }

// ---------------- linspace ----------------

namespace {
template <class C>
void linspace_fill(C* y, int64_t num, int64_t div, C start, C stop, bool endpoint) {
  C delta = stop - start;
  for (int64_t i = 0; i < num; ++i) y[i] = static_cast<C>(static_cast<double>(i));
  if (div > 0) {
    C step = delta / static_cast<C>(static_cast<double>(div));
    if (step == C(0)) {  // subnormal steps (NumPy gh-5437)
      for (int64_t i = 0; i < num; ++i) y[i] = y[i] / static_cast<C>(static_cast<double>(div)) * delta;
    } else {
      for (int64_t i = 0; i < num; ++i) y[i] = y[i] * step;
    }
  } else {
    for (int64_t i = 0; i < num; ++i) y[i] = y[i] * delta;
  }
  for (int64_t i = 0; i < num; ++i) y[i] = y[i] + start;
  if (endpoint && num > 1) y[num - 1] = stop;
}
}  // namespace

// NumPy's formula: y = arange(num) * (delta / div) + start in the inexact result type of
// start/stop, the last element set to stop, then floor() for integer dtypes and astype.
static Tensor linspace_host(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint,
                            std::optional<DType> dtype) {
  if (num < 0) throw ValueError("[linspace] Number of samples, " + std::to_string(num) + ", must be non-negative.");
  const int64_t div = endpoint ? num - 1 : num;
  DType dt = result_type({start, stop}, "linspace");
  if (!is_inexact(dt)) dt = result_type({Scalar(0.0)}, "linspace");
  if (dt == float16 || dt == bfloat16) dt = float32;  // not reachable from Python scalars; compute wide
  Tensor y = new_tensor({num}, dt, "linspace");
  if (dt == float32) linspace_fill<float>(y.data<float>(), num, div, static_cast<float>(start.as_double()),
                                          static_cast<float>(stop.as_double()), endpoint);
  else if (dt == float64) linspace_fill<double>(y.data<double>(), num, div, start.as_double(), stop.as_double(), endpoint);
  else if (dt == complex64) linspace_fill<complex64_t>(y.data<complex64_t>(), num, div, complex64_t(start.as_complex()),
                                                       complex64_t(stop.as_complex()), endpoint);
  else linspace_fill<complex128_t>(y.data<complex128_t>(), num, div, start.as_complex(), stop.as_complex(), endpoint);
  if (!dtype) return y;
  if (is_integer(*dtype)) y = floor(y);  // a TypeError for complex, as in NumPy
  return y.astype(*dtype);
}

Tensor linspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint, std::optional<DType> dtype) {
  return linspace_host(start, stop, num, endpoint, dtype).to(default_device());
}

// ---------------- eye ----------------

Tensor eye(int64_t n, std::optional<int64_t> m_in, int64_t k, DType dtype) {
  int64_t m = m_in.value_or(n);
  if (n < 0 || m < 0) throw ValueError("[eye] negative dimensions are not allowed (N=" + std::to_string(n) + ", M=" + std::to_string(m) + ")");
  Tensor t = zeroed({n, m}, dtype, "eye");
  if (k >= m || k <= -n) return t.to(default_device());
  Tensor one = host_scalar(Scalar(true), dtype);
  const int64_t isz = itemsize(dtype);
  char* p = static_cast<char*>(t.data_ptr());
  for (int64_t i = std::max<int64_t>(0, -k); i < n && i + k < m; ++i)
    std::memcpy(p + (i * m + i + k) * isz, one.data_ptr(), static_cast<size_t>(isz));
  return t.to(default_device());
}

Tensor identity(int64_t n, DType dtype) { return eye(n, std::nullopt, 0, dtype); }

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "empty", .family = "creation", .forms = kFunction});
PARITY_OP_RECORD({.name = "zeros", .family = "creation", .forms = kFunction});
PARITY_OP_RECORD({.name = "ones", .family = "creation", .forms = kFunction});
PARITY_OP_RECORD({.name = "full", .family = "creation", .forms = kFunction});
PARITY_OP_RECORD({.name = "empty_like", .family = "creation", .forms = kFunction});
PARITY_OP_RECORD({.name = "zeros_like", .family = "creation", .forms = kFunction});
PARITY_OP_RECORD({.name = "ones_like", .family = "creation", .forms = kFunction});
PARITY_OP_RECORD({.name = "full_like", .family = "creation", .forms = kFunction});
PARITY_OP_RECORD({.name = "arange", .family = "creation", .forms = kFunction});
PARITY_OP_RECORD({.name = "linspace", .family = "creation", .forms = kFunction});
PARITY_OP_RECORD({.name = "eye", .family = "creation", .forms = kFunction});
PARITY_OP_RECORD({.name = "identity", .family = "creation", .forms = kFunction});

}  // namespace parity
