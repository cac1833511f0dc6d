// Arrays from C++ values: asarray(scalar), asarray(std::vector<T>), array(NestedList), with
// NumPy's dtype inference and np.array(..., dtype=)'s value checks.
#include <algorithm>
#include "parity/op_record.h"
#include <cmath>
#include <cstdio>
#include <limits>

#include "convert.h"
#include "parity/ops.h"
#include "shape_util.h"

namespace parity {

namespace {

// The dtype np.array gives a list of Python scalars: the widest kind wins; Python ints are int64,
// or uint64 above INT64_MAX (float64 when mixed with other ints, as NumPy promotes them).
DType infer_dtype(const std::vector<Scalar>& leaves, const char* op) {
  if (leaves.empty()) return result_type({Scalar(0.0)}, op);
  Scalar::Type maxt = Scalar::Type::Bool;
  bool big = false, small = false;
  for (const Scalar& s : leaves) {
    maxt = std::max(maxt, s.type);
    if (s.type == Scalar::Type::Int) (s.big_uint ? big : small) = true;
  }
  switch (maxt) {
    case Scalar::Type::Bool: return bool_;
    case Scalar::Type::Int:
      if (big && small) return promote_types(int64, uint64);
      return big ? uint64 : result_type({Scalar(int64_t{1})}, op);
    case Scalar::Type::Float: return result_type({Scalar(0.0)}, op);
    default: return result_type({Scalar(std::complex<double>(0, 0))}, op);
  }
}

// Stores a Python-like scalar into a T element, raising where np.array([v], dtype) raises.
template <class T> void store_checked(const Scalar& s, T* p, DType d, const char* op) {
  switch (s.type) {
    case Scalar::Type::Bool: *p = convert<T>(s.b); return;
    case Scalar::Type::Int:
      if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) check_weak_int_fits(s, d, op);
      *p = s.big_uint ? convert<T>(s.u) : convert<T>(s.i);
      return;
    case Scalar::Type::Float: {
      double v = s.c.real();
      if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        // Python converts the float to an int first, then checks the range.
        if (std::isnan(v)) throw ValueError(op_msg(op, std::string("cannot convert float NaN to integer (dtype ") + name(d) + ")"));
        if (std::isinf(v)) throw OverflowError(op_msg(op, std::string("cannot convert float infinity to integer (dtype ") + name(d) + ")"));
        double t = std::trunc(v);
        double lo = static_cast<double>(std::numeric_limits<T>::min());
        double hi = std::is_signed_v<T> ? -2.0 * lo : 2.0 * (static_cast<double>(std::numeric_limits<T>::max() / 2) + 1);
        if (t < lo || t >= hi)  // hi is max + 1, exact in double
        {
          char buf[400];
          std::snprintf(buf, sizeof buf, "%.0f", t);
          throw OverflowError(op_msg(op, std::string("Python integer ") + buf + " out of bounds for " + name(d)));
        }
        *p = convert<T>(t);
      } else {
        *p = convert<T>(v);
      }
      return;
    }
    case Scalar::Type::Complex:
      if constexpr (std::is_same_v<T, bool>) {
        *p = s.c != std::complex<double>(0, 0);
      } else if constexpr (is_complex_v<T>) {
        *p = convert<T>(s.c);
      } else {
        throw TypeError(op_msg(op, std::string("cannot convert complex ") + s.repr() + " to " + name(d)));
      }
      return;
  }
}

Tensor from_leaves(const std::vector<Scalar>& leaves, const Shape& shape, std::optional<DType> dtype,
                   const char* op) {
  DType d = dtype ? *dtype : infer_dtype(leaves, op);
  Tensor out = new_tensor(shape, d);
  dispatch<AllTypes>(d, op, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = out.data<T>();
    for (size_t i = 0; i < leaves.size(); ++i) store_checked<T>(leaves[i], p + i, d, op);
  });
  return out;
}

// The shape along the first elements; every other branch must then agree with it.
Shape nested_shape(const NestedList& v) {
  Shape shape;
  const NestedList* cur = &v;
  while (!cur->is_leaf()) {
    shape.push_back(static_cast<int64_t>(cur->items().size()));
    if (cur->items().empty()) break;
    cur = &cur->items()[0];
  }
  return shape;
}

void collect(const NestedList& v, size_t depth, const Shape& shape, std::vector<Scalar>& leaves,
             size_t& bad_depth) {
  if (depth >= bad_depth) return;
  if (depth == shape.size()) {
    if (v.is_leaf()) leaves.push_back(v.scalar());
    else bad_depth = depth;
    return;
  }
  if (v.is_leaf() || static_cast<int64_t>(v.items().size()) != shape[depth]) {
    bad_depth = depth;
    return;
  }
  for (const NestedList& c : v.items()) collect(c, depth + 1, shape, leaves, bad_depth);
}

template <class T> inline constexpr bool python_like_v =
    std::is_same_v<T, bool> || std::is_same_v<T, int> || std::is_same_v<T, long> ||
    std::is_same_v<T, long long> || std::is_same_v<T, double> || std::is_same_v<T, std::complex<double>>;

}  // namespace

// Tensors made from host values go to default_device() (the innermost DeviceGuard's, else the
// CPU), copied over once (to() keeps them where they are on the CPU); asarray of a tensor keeps its
// device (NumPy: no copy when none is needed).
Tensor asarray(const Scalar& v, std::optional<DType> dtype) {
  return from_leaves({v}, {}, dtype, "asarray").to(default_device());
}

Tensor asarray(const Tensor& t, std::optional<DType> dtype) {
  if (!t.defined()) throw ValueError("[asarray] undefined tensor");
  if (dtype && *dtype != t.dtype()) return t.astype(*dtype);
  return t;
}

template <class T> Tensor asarray(const std::vector<T>& v, std::optional<DType> dtype) {
  const int64_t n = static_cast<int64_t>(v.size());
  if constexpr (python_like_v<T>) {
    std::vector<Scalar> leaves;
    leaves.reserve(v.size());
    for (size_t i = 0; i < v.size(); ++i) leaves.emplace_back(static_cast<T>(v[i]));
    if (v.empty() && !dtype) {
      // an empty list of ints is still float64 in NumPy; we follow the C++ element type instead
      return from_leaves(leaves, {0}, infer_dtype({Scalar(T{})}, "asarray"), "asarray").to(default_device());
    }
    return from_leaves(leaves, {n}, dtype, "asarray").to(default_device());
  } else {
    using S = std::conditional_t<std::is_same_v<T, long long>, int64_t,
              std::conditional_t<std::is_same_v<T, unsigned long long>, uint64_t, T>>;
    Tensor t = new_tensor({n}, dtype_of<S>());
    S* p = t.data<S>();
    for (int64_t i = 0; i < n; ++i) p[i] = static_cast<S>(v[i]);
    return (dtype ? t.astype(*dtype, Casting::unsafe, false) : t).to(default_device());
  }
}

#define PARITY_ASARRAY_VEC(T) template Tensor asarray<T>(const std::vector<T>&, std::optional<DType>);
PARITY_ASARRAY_VEC(bool)
PARITY_ASARRAY_VEC(signed char)
PARITY_ASARRAY_VEC(unsigned char)
PARITY_ASARRAY_VEC(short)
PARITY_ASARRAY_VEC(unsigned short)
PARITY_ASARRAY_VEC(int)
PARITY_ASARRAY_VEC(unsigned int)
PARITY_ASARRAY_VEC(long)
PARITY_ASARRAY_VEC(unsigned long)
PARITY_ASARRAY_VEC(long long)
PARITY_ASARRAY_VEC(unsigned long long)
PARITY_ASARRAY_VEC(float)
PARITY_ASARRAY_VEC(double)
PARITY_ASARRAY_VEC(float16_t)
PARITY_ASARRAY_VEC(bfloat16_t)
PARITY_ASARRAY_VEC(std::complex<float>)
PARITY_ASARRAY_VEC(std::complex<double>)
#undef PARITY_ASARRAY_VEC

Tensor array(const NestedList& v, std::optional<DType> dtype) {
  Shape shape = nested_shape(v);
  std::vector<Scalar> leaves;
  size_t bad = shape.size() + 1;
  collect(v, 0, shape, leaves, bad);
  if (bad <= shape.size()) {
    Shape detected(shape.begin(), shape.begin() + static_cast<int64_t>(bad));
    throw ValueError(
        "[array] setting an array element with a sequence. The requested array has an inhomogeneous shape after " +
        std::to_string(bad) + " dimensions. The detected shape was " + shape_str(detected) + " + inhomogeneous part.");
  }
  return from_leaves(leaves, shape, dtype, "array").to(default_device());
}

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "asarray", .family = "creation", .forms = kFunction});

}  // namespace parity
