// The entry of from_dlpack (engine/src/dlpack.cpp): every dtype and layout through DLPack and back.
#include "entries_util.h"
#include "families.h"
#include "parity/dlpack.h"
#include "parity/ops.h"

namespace parity::opinfo {

void add_interop_ops(std::vector<OpInfo>& db) {
  using namespace util;
  OpInfo op = entry("from_dlpack", "np.from_dlpack", [](Variant, const Args& a, const Kwargs&, const Tensor&) {
    return std::vector<Tensor>{from_dlpack(a[0].tensor())};
  });
  // Layouts DLPack carries as strides and a byte offset: C order, transposed, reversed (negative
  // strides), a strided slice with an offset, broadcast (zero strides), empty and 0-d.
  op.sample_inputs = [](DType d) {
    Gen g = gen("from_dlpack", d);
    return Samples{
        sample({g({})}, {}, "0-d"),
        sample({g({0})}, {}, "empty"),
        sample({g({1, 0, 3})}, {}, "empty (1,0,3)"),
        sample({g({20})}, {}, "(20,)"),
        sample({g.transposed()}, {}, "transposed (3,4,5)"),
        sample({g({4, 6}).flip(Axes(AxisList(1)))}, {}, "negative strides"),
        sample({g({6, 8}).index({Slice(1, 5), Slice(1, None, 3)})}, {}, "strided slice with an offset"),
        sample({g({3, 1}).index({Slice(), newaxis, 0})}, {}, "a length-1 axis"),
    };
  };
  op.discrepancies.push_back(
      {Discrepancy::Kind::differs, {DType::BFloat16}, {}, "bfloat16 goes through DLPack",
       "the engine exports bfloat16 as DLPack's kDLBfloat, as PyTorch and JAX do; NumPy cannot export ml_dtypes' "
       "bfloat16 (a user dtype) and raises BufferError",
       ""});
  op.reference_inputs = [](DType d) { return Samples{sample({extremal_values(d)}, {}, "extremal values")}; };
  db.push_back(std::move(op));
}

}  // namespace parity::opinfo
