#include "ufunc.h"

#include <optional>

#include "allocator.h"
#include "cuda/backend.h"
#include "device_iter.h"
#include "shape_util.h"

namespace parity {

namespace {
std::string dtypes_str(UFuncArgs inputs) {
  std::string s;
  for (const ArrayLike* a : inputs) {
    if (!s.empty()) s += ", ";
    s += a->is_tensor() ? name(a->tensor().dtype())
                        : std::string("Python ") + (a->scalar().type == Scalar::Type::Bool    ? "bool"
                                                    : a->scalar().type == Scalar::Type::Int   ? "int"
                                                    : a->scalar().type == Scalar::Type::Float ? "float"
                                                                                              : "complex");
  }
  return s;
}
[[noreturn]] void throw_no_loop(const UFuncDef& uf, UFuncArgs inputs) {
  std::string msg = op_msg(uf.name, std::string("ufunc '") + uf.name + "' not supported for the input types (" +
                                        dtypes_str(inputs) +
                                        "), and the inputs could not be safely coerced to any "
                                        "supported types according to the casting rule ''safe''");
  // ml_dtypes' bfloat16 is a legacy user dtype: with one among the inputs, NumPy's newer ufuncs
  // fall back to the legacy type resolver, whose error is a plain TypeError (np.gcd(bf16, bf16)).
  bool bf16 = false;
  for (const ArrayLike* a : inputs) bf16 = bf16 || (a->is_tensor() && a->tensor().dtype() == DType::BFloat16);
  if (uf.no_loop == UFuncDef::NoLoop::UFuncTypeError && !bf16) throw UFuncTypeError(msg);
  throw TypeError(msg);
}
}  // namespace

const LoopSig& resolve_loop(const UFuncDef& uf, UFuncArgs inputs) {
  const size_t nin = inputs.size();
  bool all_tensors = true;
  for (const ArrayLike* a : inputs) {
    if (a->is_tensor() && !a->tensor().defined())
      throw ValueError(op_msg(uf.name, "undefined tensor argument"));
    all_tensors = all_tensors && a->is_tensor();
  }
  if (promotion_mode() != PromotionMode::numpy) {
    // Other modes promote all inputs first, so their rules (none, safe, the lattice) decide.
    std::vector<DTypeOperand> ops;
    for (const ArrayLike* a : inputs) ops.push_back(a->dtype_operand());
    DType dt = result_type(ops, uf.name);
    if (uf.pre && !is_inexact(dt)) dt = uf.pre(dt);
    for (const auto& l : uf.loops) {
      bool ok = true;
      for (size_t k = 0; k < nin && ok; ++k) ok = can_cast(dt, l.in[k], Casting::safe);
      if (ok) return l;
    }
    throw_no_loop(uf, inputs);
  }
  if (all_tensors) {  // an exact loop wins (e.g. equal's int64/uint64 loop)
    for (const auto& l : uf.loops) {
      bool ok = true;
      for (size_t k = 0; k < nin && ok; ++k) ok = l.in[k] == inputs[k]->tensor().dtype();
      if (ok) return l;
    }
  }
  // NumPy's legacy linear search: the first loop that every input casts to safely, each input
  // with its own dtype (arctan2(int8, uint8) is float16, not float16 of the promoted int16). A
  // weak scalar takes the dtype it promotes to with the arrays (int8_array + 300 -> int8).
  std::vector<DTypeOperand> strong, all;
  for (const ArrayLike* a : inputs) {
    all.push_back(a->dtype_operand());
    if (a->is_tensor()) strong.push_back(a->dtype_operand());
  }
  std::vector<DType> in(nin);
  for (size_t k = 0; k < nin; ++k) {
    if (inputs[k]->is_tensor()) {
      in[k] = inputs[k]->tensor().dtype();
      continue;
    }
    std::vector<DTypeOperand> ops = strong.empty() ? all : strong;
    if (!strong.empty()) ops.push_back(inputs[k]->dtype_operand());
    try {
      in[k] = result_type(ops, uf.name);
    } catch (const DTypePromotionError&) {  // e.g. bfloat16 with int16 arrays
      in[k] = result_type({inputs[k]->dtype_operand()}, uf.name);
    }
  }
  // pre (true_divide): all-integer inputs use another loop (float64).
  if (uf.pre) {
    bool all_exact = true;
    for (DType d : in) all_exact = all_exact && !is_inexact(d);
    if (all_exact)
      for (DType& d : in) d = uf.pre(d);
  }
  auto fits = [&](const LoopSig& l) {
    for (size_t k = 0; k < nin; ++k)
      if (!can_cast(in[k], l.in[k], Casting::safe)) return false;
    return true;
  };
  // ml_dtypes registers bfloat16 loops as user loops, which NumPy tries before its own.
  for (DType d : in)
    if (d == DType::BFloat16)
      for (const auto& l : uf.loops)
        if (l.in[0] == DType::BFloat16 && fits(l)) return l;
  for (const auto& l : uf.loops)
    if (fits(l)) return l;
  throw_no_loop(uf, inputs);
}

// The loop for these input kinds, cached per thread. With at least one array among the inputs the
// choice depends only on dtypes and scalar kinds, never on scalar values (result_type).
const LoopSig& cached_loop(const UFuncDef& uf, UFuncArgs inputs) {
  // Arrays of one dtype: the definition's own table (the common call).
  bool same = inputs.size() > 0;
  for (const ArrayLike* a : inputs)
    same = same && a->is_tensor() && a->tensor().defined() && a->tensor().dtype() == inputs[0]->tensor().dtype();
  if (same && promotion_mode() == PromotionMode::numpy && !prefer_float32()) {
    auto& slot = uf.same_dtype_loop[static_cast<int>(inputs[0]->tensor().dtype())];
    if (const LoopSig* l = slot.load(std::memory_order_relaxed)) return *l;
    const LoopSig& l = resolve_loop(uf, inputs);
    slot.store(&l, std::memory_order_relaxed);
    return l;
  }
  uint32_t key = 0;
  bool any_tensor = false;
  for (const ArrayLike* a : inputs) {
    uint32_t code;
    if (a->is_tensor()) {
      if (!a->tensor().defined()) return resolve_loop(uf, inputs);  // raises
      code = static_cast<uint32_t>(a->tensor().dtype());
      any_tensor = true;
    } else {
      code = 32 + static_cast<uint32_t>(a->scalar().type);
    }
    key = key * 64 + code + 1;
  }
  if (!any_tensor || promotion_mode() != PromotionMode::numpy || prefer_float32()) return resolve_loop(uf, inputs);
  struct Entry {
    const UFuncDef* uf = nullptr;
    uint32_t key = 0;
    const LoopSig* loop = nullptr;
  };
  thread_local Entry table[256];
  Entry& e = table[(reinterpret_cast<uintptr_t>(&uf) / 64 * 31 + key * 2654435761u) % 256];
  if (e.uf == &uf && e.key == key) return *e.loop;
  const LoopSig& l = resolve_loop(uf, inputs);
  e = {&uf, key, &l};
  return l;
}

namespace {
// The CUDA kernel for `loop` (checked before anything is allocated), or NotImplementedError
// naming the op and the loop: a missing kernel is declared in the op's OpInfo entry
// (dtypes_cuda) and never run on the host instead.
cuda::ElementwiseFn device_kernel(const UFuncDef& uf, const LoopSig& loop, Device dev) {
  check_device_available(dev, uf.name);
  cuda::ElementwiseFn fn = cuda::ufunc_kernel(uf.name, loop.in, uf.nin, loop.out);
  if (fn) return fn;
  std::string sig;
  for (int k = 0; k < uf.nin; ++k) sig += std::string(k ? ", " : "") + name(loop.in[k]);
  throw NotImplementedError(op_msg(uf.name, std::string("no CUDA kernel for the loop (") + sig + ") -> " +
                                                name(loop.out) + " on " + to_string(dev) +
                                                " (see the op's dtypes_cuda)"));
}

Tensor apply_ufunc_impl(const UFuncDef& uf, UFuncArgs inputs, const OutArg& out,
                        const void* ctx, std::vector<Tensor>* loop_inputs) {
  // NumPy checks that out= is writeable first, before the loop (np.bitwise_and(f4, 1, out=<read-only>)
  // is the read-only ValueError, not the no-loop TypeError), then the cast, then the broadcast:
  // np.add(i8[3,1], i8[4], out=bool[3,1]) is a UFuncTypeError, not the broadcast ValueError.
  if (out.tensor && out.tensor->defined()) out.tensor->check_writeable(uf.name);
  const LoopSig& loop = cached_loop(uf, inputs);
  // The common device (device_iter.h); out= must be on it too.
  std::vector<const Tensor*> operands;
  for (const ArrayLike* a : inputs)
    if (a->is_tensor()) operands.push_back(&a->tensor());
  Device dev = common_device(operands, uf.name);
  if (out.tensor && out.tensor->defined() && out.tensor->device() != dev)
    throw RuntimeError(op_msg(uf.name, "out= is on " + to_string(out.tensor->device()) + " but the inputs are on " +
                                           to_string(dev)));
  cuda::ElementwiseFn device_fn = dev.is_cpu() ? nullptr : device_kernel(uf, loop, dev);
  std::vector<Tensor> ts;
  std::vector<Shape> shapes;
  for (size_t k = 0; k < inputs.size(); ++k) {
    const ArrayLike& a = *inputs[k];
    Tensor t = a.is_tensor() ? a.tensor() : a.to_tensor(loop.in[k], uf.name);
    if (t.dtype() != loop.in[k]) t = t.astype(loop.in[k]);
    shapes.push_back(t.shape());
    ts.push_back(std::move(t));
  }
  if (out.tensor && out.tensor->defined() && !can_cast(loop.out, out.tensor->dtype(), Casting::same_kind))
    throw UFuncTypeError(op_msg(uf.name, std::string("Cannot cast ufunc '") + uf.name + "' output from dtype('" +
                                             name(loop.out) + "') to dtype('" + name(out.tensor->dtype()) +
                                             "') with casting rule 'same_kind'"));
  Shape shape = broadcast_shape(shapes, uf.name);
  Tensor dest;
  if (out.tensor) {
    const Tensor& o = *out.tensor;
    if (!o.defined()) throw ValueError(op_msg(uf.name, "undefined out= tensor"));
    std::vector<Shape> all = shapes;
    all.push_back(o.shape());
    Shape b;
    try {
      b = broadcast_shape(all, uf.name);
    } catch (const ValueError&) {
      b = {};
    }
    if (b != o.shape())
      throw ValueError(op_msg(uf.name, "non-broadcastable output operand with shape " + shape_str(o.shape()) +
                                           " doesn't match the broadcast shape " + shape_str(shape)));
    shape = o.shape();
    if (o.dtype() == loop.out) {
      dest = o;
      // Inputs that overlap the output in another layout are read from a copy.
      for (auto& t : ts)
        if (t.shares_storage(o) && !t.is_same_view(o)) t = t.copy();
    }
  }
  if (!dest.defined()) dest = new_tensor(shape, loop.out, uf.name, dev);
  if (loop_inputs) *loop_inputs = ts;
  ts.push_back(dest);
  if (device_fn) {
    if (dest.size() > 0) device_fn(pack_operands(shape, ts, uf.name), dev.index, ctx);
  } else {
    run_tensors(shape, ts, loop.fn, ctx);
  }
  dest.storage()->bump_version();
  if (out.tensor && !dest.is_same_view(*out.tensor)) {
    copy_cast(dest, *out.tensor);
    return *out.tensor;
  }
  return dest;
}

}  // namespace

namespace {
// The flat path for the common call (issue 6: per-call overhead is the small-size curve): no
// out=, no gradient, no cast, every array operand C-contiguous with the result's shape or 0-d.
// It runs the same loop as apply_ufunc_impl, so results are identical; anything else returns an
// undefined tensor and takes the general path.
Tensor flat_ufunc(const UFuncDef& uf, UFuncArgs inputs, const void* ctx) {
  const size_t nin = inputs.size();
  if (nin > 3) return {};
  const Tensor* shape_of = nullptr;
  for (const ArrayLike* a : inputs) {
    if (!a->is_tensor()) continue;
    const Tensor& t = a->tensor();
    if (!t.defined() || t.device() != Device::cpu) return {};
    if (t.ndim() == 0) continue;
    if (!t.is_contiguous()) return {};
    if (!shape_of) shape_of = &t;
    else if (t.shape() != shape_of->shape()) return {};
  }
  const LoopSig& loop = cached_loop(uf, inputs);
  std::optional<Tensor> scalars[3];
  char* data[4];
  int64_t strides[4];
  for (size_t k = 0; k < nin; ++k) {
    const ArrayLike& a = *inputs[k];
    const Tensor* t = a.is_tensor() ? &a.tensor() : &scalars[k].emplace(a.to_tensor(loop.in[k], uf.name));
    if (t->dtype() != loop.in[k]) return {};
    data[k] = static_cast<char*>(t->storage()->data()) + t->offset() * t->itemsize();
    strides[k] = t->ndim() == 0 ? 0 : t->itemsize();
  }
  const int64_t n = shape_of ? shape_of->size() : 1;
  if (n >= (int64_t{1} << 16)) return {};  // the threaded loop (run_strided) is worth its setup
  // The shape is an existing tensor's: no validation (new_tensor's), no temporary copy.
  static const Shape kScalar;
  const Shape& shape = shape_of ? shape_of->shape() : kScalar;
  const int64_t isz = itemsize(loop.out);
  Tensor dest(detail::make_storage(n * isz), loop.out, shape, contiguous_strides(shape), 0);
  if (n > 0) {
    data[nin] = static_cast<char*>(dest.storage()->data());
    strides[nin] = isz;
    loop.fn(data, strides, n, ctx);
  }
  return dest;
}
}  // namespace

Tensor apply_ufunc(const UFuncDef& uf, UFuncArgs inputs, const OutArg& out, const void* ctx,
                   std::vector<Tensor>* loop_inputs) {
  if (!out.tensor && !loop_inputs) {
    Tensor r = flat_ufunc(uf, inputs, ctx);
    if (r.defined()) return r;
  }
  return apply_ufunc_impl(uf, inputs, out, ctx, loop_inputs);
}

// The ufuncs' answer comes from the loop NumPy's resolution picks for arrays of `dtype` (all
// inputs alike), the others' from their family's table.
bool has_cuda_kernel(const std::string& op, DType dtype) {
  if (!cuda::built()) return false;
  const UFuncDef* uf = nullptr;
#define PARITY_X(name, py, ...) \
  if (op == #name) uf = &ufunc_##name();
  PARITY_UNARY_UFUNCS(PARITY_X)
  PARITY_BINARY_UFUNCS(PARITY_X)
#undef PARITY_X
  if (!uf) return cuda::has_op_kernel(op.c_str(), dtype);
  Tensor x = zeros_on({}, dtype, Device::cpu);
  ArrayLike a(x), b(x);
  try {
    const LoopSig& l = uf->nin == 1 ? resolve_loop(*uf, {&a}) : resolve_loop(*uf, {&a, &b});
    return cuda::ufunc_kernel(uf->name, l.in, uf->nin, l.out) != nullptr;
  } catch (const Error&) {
    return false;  // no loop at all for this dtype
  }
}

}  // namespace parity
