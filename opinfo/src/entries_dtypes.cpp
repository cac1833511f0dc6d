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
    op.torch_missing = "torch.result_type takes two tensors or numbers and promotes by categories, not NEP 50";
    op.jax_missing = "jnp.result_type promotes by JAX's lattice, not NumPy's table";
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
    op.torch_missing = "torch.can_cast(from, to) has no casting= modes";
    op.jax_missing = "jnp.can_cast has no casting= modes";
    db.push_back(std::move(op));
  }
}

}  // namespace parity::opinfo
