// Entries for the dtype functions of the Array API standard (engine/src/promotion.cpp):
// result_type and can_cast. Their results are dtypes and bools; the entries hand them to the
// suites as tensors (a 0-d zero of the result dtype, a 0-d bool), which NumPy's side builds alike.
#include "entries_util.h"
#include "families.h"
#include "parity/ops.h"
#include "parity/promotion.h"

namespace parity::opinfo {

namespace {
using namespace util;

DTypeOperand operand(const ArrayLike& a) {
  if (a.is_tensor()) return DTypeOperand(a.tensor().dtype());
  return DTypeOperand(a.scalar());
}

Casting casting_of(const Kwargs& kw) {
  const KwValue* k = find_kwarg(kw, "casting");
  const std::string c = k ? std::get<std::string>(*k) : "safe";
  for (Casting x : {Casting::no, Casting::equiv, Casting::safe, Casting::same_kind, Casting::unsafe})
    if (c == to_string(x)) return x;
  throw ValueError("[can_cast] casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'");
}
}  // namespace

void add_dtype_ops(std::vector<OpInfo>& db) {
  {
    OpInfo op = entry("result_type", "lambda *xs: np.zeros((), np.result_type(*xs))",
                      [](Variant, const Args& a, const Kwargs&, const Tensor&) {
                        std::vector<DTypeOperand> ops;
                        for (const ArrayLike& x : a) ops.push_back(operand(x));
                        return std::vector<Tensor>{zeros({}, result_type(ops))};
                      });
    // Every dtype against every other, and against each kind of Python scalar (NEP 50).
    op.sample_inputs = [](DType d) {
      Samples s;
      for (DType e : kAllDTypes) s.push_back(sample({make_tensor({2}, d, 1), make_tensor({}, e, 2)}, {}, std::string("with ") + name(e)));
      s.push_back(sample({make_tensor({2}, d, 1), ArrayLike(Scalar(int64_t{2}))}, {}, "with 2"));
      s.push_back(sample({make_tensor({2}, d, 1), ArrayLike(2.5)}, {}, "with 2.5"));
      s.push_back(sample({make_tensor({2}, d, 1), ArrayLike(std::complex<double>(0, 1))}, {}, "with 1j"));
      s.push_back(sample({make_tensor({2}, d, 1), ArrayLike(true)}, {}, "with True"));
      s.push_back(sample({make_tensor({2}, d, 1)}, {}, "alone"));
      return s;
    };
    op.reference_inputs = [](DType) { return Samples{}; };
    // The porting user's calls. torch.result_type takes exactly two operands and promotes by
    // categories; jnp.result_type by JAX's lattice: where they differ from NumPy's table is a
    // finding of the guides' promotion hazard, not a reason to skip.
    op.torch_ref = "lambda *xs: torch.zeros((), dtype=torch.result_type(*xs))";
    op.jax_ref = "lambda *xs: jnp.zeros((), jnp.result_type(*xs))";
    db.push_back(std::move(op));
  }
  {
    OpInfo op = entry("can_cast", "lambda x, dtype, casting='safe': np.asarray(np.can_cast(x.dtype, dtype, casting))",
                      [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
                        const DType to = *kdtype(kw);
                        return std::vector<Tensor>{asarray(Scalar(can_cast(a[0].tensor().dtype(), to, casting_of(kw))))};
                      });
    op.sample_inputs = [](DType d) {
      Samples s;
      for (DType e : kAllDTypes)
        for (const char* c : {"no", "equiv", "safe", "same_kind", "unsafe"})
          s.push_back(sample({make_tensor({2}, d, 1)}, {{"dtype", KwValue(e)}, {"casting", KwValue(std::string(c))}},
                             std::string("to ") + name(e) + " " + c));
      return s;
    };
    op.reference_inputs = [](DType) { return Samples{}; };
    // torch.can_cast(from, to) has no casting= (its rule is about NumPy's same_kind): the porting
    // user's call drops it, and the modes where that differs are findings. jnp.can_cast takes
    // casting= as NumPy does.
    op.torch_ref = "lambda x, dtype, casting='safe': torch.tensor(torch.can_cast(x.dtype, dtype))";
    op.jax_ref = "lambda x, dtype, casting='safe': jnp.asarray(jnp.can_cast(x.dtype, dtype, casting))";
    db.push_back(std::move(op));
  }
}

}  // namespace parity::opinfo
