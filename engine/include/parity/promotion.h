#pragma once
// Type promotion: NumPy 2 rules (NEP 50) by default, and TensorFlow-NumPy-like modes.
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "parity/dtype.h"
#include "parity/scalar.h"

namespace parity {

enum class PromotionMode {
  numpy,  // NumPy 2 (NEP 50): the default
  all,    // JAX-style lattice: ints promote into any float, i64+u64 -> float64, weak scalars stay weak
  safe,   // like `all` but refuses promotions that can lose precision (TypeError)
  none    // mixed dtypes are a TypeError
};
PromotionMode promotion_mode();
void set_promotion_mode(PromotionMode m);
// prefer_float32: Python-float literals become float32 (asarray(1.), add(1., 2.)), as in
// TensorFlow NumPy's experimental_enable_numpy_behavior(prefer_float32=True).
bool prefer_float32();
void set_prefer_float32(bool on);
const char* to_string(PromotionMode m);
PromotionMode promotion_mode_from_string(const std::string& s);

// Restores the previous settings on scope exit.
class PromotionScope {
 public:
  explicit PromotionScope(PromotionMode m, bool prefer_f32 = false);
  ~PromotionScope();
 private:
  PromotionMode old_mode_;
  bool old_prefer_;
};

enum class Casting { no, equiv, safe, same_kind, unsafe };
const char* to_string(Casting c);

// Promotion of two strong dtypes under the current mode. DTypePromotionError when none exists.
DType promote_types(DType a, DType b, const char* op = "promote_types");
bool can_cast(DType from, DType to, Casting casting = Casting::safe);

// An operand of result_type: a dtype (strong: arrays, 0-d included) or a weak scalar.
struct DTypeOperand {
  DTypeOperand(DType d) : dtype(d) {}
  DTypeOperand(const Scalar& s) : weak(s) {}
  template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
  DTypeOperand(T v) : weak(Scalar(v)) {}
  template <class T> DTypeOperand(std::complex<T> v) : weak(Scalar(v)) {}
  std::optional<DType> dtype;
  std::optional<Scalar> weak;
};
DType result_type(const std::vector<DTypeOperand>& ops, const char* op = "result_type");
inline DType result_type(std::initializer_list<DTypeOperand> ops) {
  return result_type(std::vector<DTypeOperand>(ops));
}
// Raises OverflowError when a weak integer scalar does not fit `target` (NumPy 2:
// "Python integer 300 out of bounds for uint8").
void check_weak_int_fits(const Scalar& s, DType target, const char* op);

}  // namespace parity
