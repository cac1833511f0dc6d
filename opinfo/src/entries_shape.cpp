// Entries for the shape ops (engine/src/ops/shape_ops.cpp, join_split.cpp, tile_repeat.cpp and
// the view methods of engine/src/tensor.cpp). Keyword names are NumPy's, so a sample's kwargs are
// passed to the NumPy reference unchanged.
#include "dtype_sets.h"
#include "entries_util.h"
#include "families.h"
#include "parity/ops.h"

namespace parity::opinfo {

namespace {
using namespace util;


Tensor f64(const Shape& s) { return make_tensor(s, DType::Float64, 1); }

// Single-tensor op with method and function forms.
OpInfo shape_op(const std::string& name, std::string ref, RunFn run) {
  return entry(name, std::move(ref), std::move(run));
}
}  // namespace

void add_shape_ops(std::vector<OpInfo>& db) {
  // ---- reshape ----
  {
    OpInfo op = shape_op("reshape", "np.reshape", [](Variant v, const Args& a, const Kwargs& kw, const Tensor&) {
      Tensor x = a[0].tensor();
      return std::vector<Tensor>{v == Variant::method ? x.reshape(kvec(kw, "shape")) : reshape(x, kvec(kw, "shape"))};
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("reshape", d);
      return Samples{
          sample({g({})}, {{"shape", tup({1, 1})}}, "() -> (1, 1)"),
          sample({g({0})}, {{"shape", tup({0, 5})}}, "(0,) -> (0, 5)"),
          sample({g({1, 0, 3})}, {{"shape", tup({3, -1})}}, "(1, 0, 3) -> (3, -1)"),
          sample({g({20})}, {{"shape", tup({4, 5})}}, "(20,) -> (4, 5)"),
          sample({g({20})}, {{"shape", i64(-1)}}, "(20,) -> -1"),
          sample({g({20})}, {{"shape", tup({-2, 10})}}, "(20,) -> (-2, 10) (any negative is the unknown)"),
          sample({g({3, 4, 5})}, {{"shape", tup({5, -1})}}, "(3, 4, 5) -> (5, -1)"),
          sample({g.transposed()}, {{"shape", tup({4, 15})}}, "transposed (3, 4, 5) -> (4, 15) (a copy)"),
          sample({g({789, 357}).transpose()}, {{"shape", tup({1071, 263})}}, "(789, 357).T -> (1071, 263)"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({20})}, {{"shape", tup({3, 7})}}, "ValueError", "\\[reshape\\].*cannot reshape"),
          error({f64({20})}, {{"shape", tup({-1, -1})}}, "ValueError", "\\[reshape\\].*one unknown dimension"),
          error({f64({20})}, {{"shape", tup({-2, 3})}}, "ValueError", "\\[reshape\\].*cannot reshape"),
          // products of sizes that overflow int64: a size mismatch, or too big with a 0 first
          error({f64({0})}, {{"shape", tup({int64_t{1} << 40, int64_t{1} << 40, 0})}}, "ValueError",
                "\\[reshape\\].*cannot reshape"),
          error({f64({0})}, {{"shape", tup({0, int64_t{1} << 40, int64_t{1} << 40})}}, "ValueError",
                "\\[reshape\\] array is too big"),
      };
    };
    db.push_back(std::move(op));
  }

  // ---- transpose ----
  {
    OpInfo op = shape_op("transpose", "np.transpose", [](Variant v, const Args& a, const Kwargs& kw, const Tensor&) {
      Tensor x = a[0].tensor();
      std::vector<int64_t> axes = kvec(kw, "axes");  // None: reverse
      return std::vector<Tensor>{v == Variant::method ? x.transpose(axes) : transpose(x, axes)};
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("transpose", d);
      return Samples{
          sample({g({})}, {{"axes", none}}, "()"),
          sample({g({0})}, {{"axes", none}}, "(0,)"),
          sample({g({1, 0, 3})}, {{"axes", tup({2, 0, 1})}}, "(1, 0, 3) axes (2, 0, 1)"),
          sample({g({20})}, {{"axes", tup({0})}}, "(20,) axes (0,)"),
          sample({g({3, 4, 5})}, {{"axes", none}}, "(3, 4, 5)"),
          sample({g({3, 4, 5})}, {{"axes", tup({1, -1, 0})}}, "(3, 4, 5) axes (1, -1, 0)"),
          sample({g.transposed()}, {{"axes", tup({0, 2, 1})}}, "transposed (3, 4, 5) axes (0, 2, 1)"),
          sample({g({789, 357})}, {{"axes", none}}, "(789, 357)"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({3, 4, 5})}, {{"axes", tup({0, 1})}}, "ValueError", "\\[transpose\\].*axes don't match"),
          error({f64({3, 4, 5})}, {{"axes", tup({0, 1, 3})}}, "AxisError", "\\[transpose\\].*out of bounds"),
          error({f64({3, 4, 5})}, {{"axes", tup({0, 0, 1})}}, "ValueError", "\\[transpose\\].*repeated axis"),
      };
    };
    // NumPy's transpose(x, axes) is torch.permute (torch.transpose swaps two dims); without axes a
    // torch user writes x.T, which reverses the dims.
    op.torch_ref = "lambda x, axes=None: x.T if axes is None else torch.permute(x, axes)";
    op.aliases.push_back("permute_dims");  // the Array API's name (transpose has no record yet)
    db.push_back(std::move(op));
  }

  // ---- moveaxis ----
  {
    OpInfo op = shape_op("moveaxis", "np.moveaxis", [](Variant v, const Args& a, const Kwargs& kw, const Tensor&) {
      Tensor x = a[0].tensor();
      auto s = kvec(kw, "source"), t = kvec(kw, "destination");
      return std::vector<Tensor>{v == Variant::method ? x.moveaxis(s, t) : moveaxis(x, s, t)};
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("moveaxis", d);
      return Samples{
          sample({g({20})}, {{"source", i64(0)}, {"destination", i64(-1)}}, "(20,) 0 -> -1"),
          sample({g({1, 0, 3})}, {{"source", i64(-1)}, {"destination", i64(0)}}, "(1, 0, 3) -1 -> 0"),
          sample({g({3, 4, 5})}, {{"source", i64(0)}, {"destination", i64(-1)}}, "(3, 4, 5) 0 -> -1"),
          sample({g({3, 4, 5})}, {{"source", tup({0, 1})}, {"destination", tup({2, 0})}}, "(3, 4, 5) (0, 1) -> (2, 0)"),
          sample({g.transposed()}, {{"source", tup({2})}, {"destination", tup({1})}}, "transposed (3, 4, 5) (2,) -> (1,)"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({3, 4, 5})}, {{"source", i64(3)}, {"destination", i64(0)}}, "AxisError", "\\[moveaxis\\].*out of bounds"),
          error({f64({3, 4, 5})}, {{"source", tup({0, 1})}, {"destination", tup({0})}}, "ValueError", "\\[moveaxis\\].*same number"),
          error({f64({3, 4, 5})}, {{"source", tup({0, 0})}, {"destination", tup({1, 2})}}, "ValueError", "\\[moveaxis\\].*repeated axis"),
      };
    };
    db.push_back(std::move(op));
  }

  // ---- swapaxes ----
  {
    OpInfo op = shape_op("swapaxes", "np.swapaxes", [](Variant v, const Args& a, const Kwargs& kw, const Tensor&) {
      Tensor x = a[0].tensor();
      int64_t i = kint(kw, "axis1", 0), j = kint(kw, "axis2", 0);
      return std::vector<Tensor>{v == Variant::method ? x.swapaxes(i, j) : swapaxes(x, i, j)};
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("swapaxes", d);
      return Samples{
          sample({g({20})}, {{"axis1", i64(0)}, {"axis2", i64(-1)}}, "(20,) 0, -1"),
          sample({g({1, 0, 3})}, {{"axis1", i64(-1)}, {"axis2", i64(0)}}, "(1, 0, 3) -1, 0"),
          sample({g({3, 4, 5})}, {{"axis1", i64(0)}, {"axis2", i64(2)}}, "(3, 4, 5) 0, 2"),
          sample({g.transposed()}, {{"axis1", i64(1)}, {"axis2", i64(1)}}, "transposed (3, 4, 5) 1, 1"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({3, 4})}, {{"axis1", i64(0)}, {"axis2", i64(2)}}, "AxisError", "\\[swapaxes\\].*out of bounds"),
          error({f64({})}, {{"axis1", i64(0)}, {"axis2", i64(0)}}, "AxisError", "\\[swapaxes\\].*out of bounds"),
      };
    };
    op.torch_ref = "lambda x, axis1, axis2: torch.swapaxes(x, axis1, axis2)";  // torch names them axis0, axis1
    db.push_back(std::move(op));
  }

  // ---- squeeze ----
  {
    OpInfo op = shape_op("squeeze", "np.squeeze", [](Variant v, const Args& a, const Kwargs& kw, const Tensor&) {
      Tensor x = a[0].tensor();
      auto ax = kaxes(kw, "axis");
      return std::vector<Tensor>{v == Variant::method ? x.squeeze(ax) : squeeze(x, ax)};
    });
    op.numpy_method = "squeeze";
    op.sample_inputs = [](DType d) {
      Gen g = gen("squeeze", d);
      return Samples{
          sample({g({})}, {{"axis", none}}, "()"),
          sample({g({0})}, {{"axis", none}}, "(0,)"),
          sample({g({1, 0, 3})}, {{"axis", none}}, "(1, 0, 3)"),
          sample({g({1, 0, 3})}, {{"axis", i64(0)}}, "(1, 0, 3) axis 0"),
          sample({g({20})}, {{"axis", none}}, "(20,)"),
          sample({g({1, 4, 1, 5})}, {{"axis", tup({0, -2})}}, "(1, 4, 1, 5) axis (0, -2)"),
          sample({g({1, 4, 1, 5})}, {{"axis", tup({})}}, "(1, 4, 1, 5) axis ()"),
          sample({g({1, 4, 1, 5}).transpose()}, {{"axis", none}}, "transposed (5, 1, 4, 1)"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({1, 4})}, {{"axis", i64(1)}}, "ValueError", "\\[squeeze\\].*size not equal to one"),
          error({f64({1, 4})}, {{"axis", i64(2)}}, "AxisError", "\\[squeeze\\].*out of bounds"),
          error({f64({1, 1})}, {{"axis", tup({0, 0})}}, "ValueError", "\\[squeeze\\].*repeated axis"),
      };
    };
    // torch.squeeze takes no dim=None: NumPy's default is the call without it.
    op.torch_ref = "lambda x, dim=None: torch.squeeze(x) if dim is None else torch.squeeze(x, dim)";
    op.torch_method = "";
    db.push_back(std::move(op));
  }

  // ---- expand_dims ----
  {
    OpInfo op = shape_op("expand_dims", "np.expand_dims", [](Variant v, const Args& a, const Kwargs& kw, const Tensor&) {
      Tensor x = a[0].tensor();
      auto ax = kvec(kw, "axis");
      return std::vector<Tensor>{v == Variant::method ? x.expand_dims(ax) : expand_dims(x, ax)};
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("expand_dims", d);
      return Samples{
          sample({g({})}, {{"axis", i64(0)}}, "() axis 0"),
          sample({g({0})}, {{"axis", i64(-1)}}, "(0,) axis -1"),
          sample({g({1, 0, 3})}, {{"axis", tup({0, 4})}}, "(1, 0, 3) axis (0, 4)"),
          sample({g({20})}, {{"axis", i64(1)}}, "(20,) axis 1"),
          sample({g({3, 4, 5})}, {{"axis", tup({0, 2, -1})}}, "(3, 4, 5) axis (0, 2, -1)"),
          sample({g.transposed()}, {{"axis", i64(-2)}}, "transposed (3, 4, 5) axis -2"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({20})}, {{"axis", i64(2)}}, "AxisError", "\\[expand_dims\\].*out of bounds"),
          error({f64({20})}, {{"axis", tup({0, 0})}}, "ValueError", "\\[expand_dims\\].*repeated axis"),
      };
    };
    op.torch_ref = "torch.unsqueeze";  // one dim only: tuples of axes are a difference to find
    db.push_back(std::move(op));
  }

  // ---- broadcast_to ----
  {
    OpInfo op = shape_op("broadcast_to", "np.broadcast_to", [](Variant v, const Args& a, const Kwargs& kw, const Tensor&) {
      Tensor x = a[0].tensor();
      auto s = kvec(kw, "shape");
      return std::vector<Tensor>{v == Variant::method ? x.broadcast_to(s) : broadcast_to(x, s)};
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("broadcast_to", d);
      return Samples{
          sample({g({})}, {{"shape", tup({3, 4})}}, "() -> (3, 4)"),
          sample({g({})}, {{"shape", tup({})}}, "() -> ()"),
          sample({g({0})}, {{"shape", tup({2, 0})}}, "(0,) -> (2, 0)"),
          sample({g({1, 0, 3})}, {{"shape", tup({2, 1, 0, 3})}}, "(1, 0, 3) -> (2, 1, 0, 3)"),
          sample({g({1})}, {{"shape", tup({0})}}, "(1,) -> (0,)"),
          sample({g({20})}, {{"shape", tup({3, 20})}}, "(20,) -> (3, 20)"),
          sample({g({3, 1, 5})}, {{"shape", tup({2, 3, 4, 5})}}, "(3, 1, 5) -> (2, 3, 4, 5)"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({3})}, {{"shape", tup({4})}}, "ValueError", "\\[broadcast_to\\].*cannot broadcast"),
          error({f64({3, 1})}, {{"shape", tup({3})}}, "ValueError", "\\[broadcast_to\\]"),
          error({f64({3})}, {{"shape", tup({-1, 3})}}, "ValueError", "\\[broadcast_to\\].*non-negative"),
          // sizes that overflow: NumPy's nditer size first, then size * itemsize
          error({f64({1, 1})}, {{"shape", tup({int64_t{1} << 32, int64_t{1} << 32})}}, "ValueError",
                "\\[broadcast_to\\] iterator is too large"),
          error({f64({1, 1})}, {{"shape", tup({int64_t{1} << 31, int64_t{1} << 31})}}, "ValueError",
                "\\[broadcast_to\\] array is too big"),
      };
    };
    op.torch_ref = "lambda x, shape: torch.broadcast_to(x, shape)";  // torch calls it size
    db.push_back(std::move(op));
  }

  // ---- broadcast_arrays: the tensors are the arguments; the result is one array per input ----
  {
    OpInfo op = shape_op("broadcast_arrays", "lambda *xs: np.broadcast_arrays(*xs)",
                         [](Variant, const Args& a, const Kwargs&, const Tensor&) { return broadcast_arrays(tensors(a)); });
    op.sample_inputs = [](DType d) {
      Gen g = gen("broadcast_arrays", d);
      return Samples{
          sample({g({}), g({3, 1}, 1), g({1, 4}, 2)}, {}, "(), (3, 1), (1, 4)"),
          sample({g({0}), g({1}, 1)}, {}, "(0,), (1,)"),
          sample({g({1, 0, 3}), g({3}, 1)}, {}, "(1, 0, 3), (3,)"),
          sample({g({20})}, {}, "(20,) alone"),
          sample({g({3, 4, 5}), g({4, 1}, 1)}, {}, "(3, 4, 5), (4, 1)"),
          sample({g.transposed(), g({3, 4, 5}, 1)}, {}, "transposed (3, 4, 5), (3, 4, 5)"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({3}), f64({4})}, {}, "ValueError", "\\[broadcast_arrays\\].*shape mismatch"),
      };
    };
    op.torch_ref = "lambda *xs: torch.broadcast_tensors(*xs)";
    op.jax_ref = "lambda *xs: jnp.broadcast_arrays(*xs)";
    db.push_back(std::move(op));
  }

  // ---- concatenate / stack: the tensors are the arguments, the reference packs them in a tuple ----
  {
    OpInfo op = shape_op("concatenate", "lambda *xs, **kw: np.concatenate(xs, **kw)",
                         [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
                           std::optional<int64_t> axis = find_kwarg(kw, "axis") ? kopt_int(kw, "axis") : std::optional<int64_t>(0);
                           return std::vector<Tensor>{concatenate(tensors(a), axis)};
                         });
    op.sample_inputs = [](DType d) {
      Gen g = gen("concatenate", d);
      return Samples{
          sample({g({20}), g({20}, 1)}, {}, "(20,), (20,)"),
          sample({g({0}), g({20}, 1)}, {{"axis", i64(0)}}, "(0,), (20,)"),
          sample({g({1, 0, 3}), g({1, 2, 3}, 1)}, {{"axis", i64(-2)}}, "(1, 0, 3), (1, 2, 3) axis -2"),
          sample({g({3, 4, 5}), g({3, 2, 5}, 1), g.transposed()}, {{"axis", i64(1)}}, "(3, 4, 5), (3, 2, 5), transposed (3, 4, 5) axis 1"),
          sample({g({3, 4, 5}), g({2, 2}, 1), g({}, 2)}, {{"axis", none}}, "(3, 4, 5), (2, 2), () axis None"),
          sample({g({789, 357}), g({1, 357}, 1)}, {{"axis", i64(0)}}, "(789, 357), (1, 357)"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({3, 4}), f64({3, 5})}, {{"axis", i64(0)}}, "ValueError", "\\[concatenate\\].*must match exactly"),
          error({f64({3, 4}), f64({4})}, {}, "ValueError", "\\[concatenate\\].*same number of dimensions"),
          error({f64({}), f64({})}, {}, "ValueError", "\\[concatenate\\].*zero-dimensional"),
          error({f64({3, 4}), f64({3, 4})}, {{"axis", i64(2)}}, "AxisError", "\\[concatenate\\].*out of bounds"),
      };
    };
    op.torch_ref = "lambda *xs, **kw: torch.cat(xs, **kw)";
    op.aliases.push_back("concat");  // the Array API's name (concatenate has no record yet)
    op.jax_ref = "lambda *xs, **kw: jnp.concatenate(xs, **kw)";
    db.push_back(std::move(op));
  }
  {
    OpInfo op = shape_op("stack", "lambda *xs, **kw: np.stack(xs, **kw)",
                         [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
                           return std::vector<Tensor>{stack(tensors(a), kint(kw, "axis", 0))};
                         });
    op.sample_inputs = [](DType d) {
      Gen g = gen("stack", d);
      return Samples{
          sample({g({}), g({}, 1)}, {}, "(), ()"),
          sample({g({0}), g({0}, 1)}, {{"axis", i64(1)}}, "(0,), (0,) axis 1"),
          sample({g({1, 0, 3}), g({1, 0, 3}, 1)}, {{"axis", i64(1)}}, "(1, 0, 3) x2 axis 1"),
          sample({g({20}), g({20}, 1)}, {{"axis", i64(-1)}}, "(20,) x2 axis -1"),
          sample({g({3, 4, 5}), g.transposed(), g({3, 4, 5}, 2)}, {{"axis", i64(2)}}, "(3, 4, 5) x3 axis 2"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({3}), f64({4})}, {}, "ValueError", "\\[stack\\].*same shape"),
          error({f64({3}), f64({3})}, {{"axis", i64(2)}}, "AxisError", "\\[stack\\].*out of bounds"),
      };
    };
    op.torch_ref = "lambda *xs, **kw: torch.stack(xs, **kw)";
    op.jax_ref = "lambda *xs, **kw: jnp.stack(xs, **kw)";
    db.push_back(std::move(op));
  }

  // ---- split: indices_or_sections is an int (sections) or a tuple (indices); one array per piece ----
  {
    OpInfo op = shape_op("split", "np.split", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      const KwValue* s = find_kwarg(kw, "indices_or_sections");
      int64_t axis = kint(kw, "axis", 0);
      if (std::holds_alternative<int64_t>(*s)) return split(a[0].tensor(), std::get<int64_t>(*s), axis);
      return split(a[0].tensor(), std::get<std::vector<int64_t>>(*s), axis);
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("split", d);
      return Samples{
          sample({g({0})}, {{"indices_or_sections", i64(1)}}, "(0,) 1"),
          sample({g({0})}, {{"indices_or_sections", i64(3)}}, "(0,) 3"),
          sample({g({1, 0, 3})}, {{"indices_or_sections", i64(3)}, {"axis", i64(-1)}}, "(1, 0, 3) 3 axis -1"),
          sample({g({20})}, {{"indices_or_sections", i64(4)}}, "(20,) 4"),
          sample({g({20})}, {{"indices_or_sections", tup({3, 7, 15})}}, "(20,) (3, 7, 15)"),
          sample({g({20})}, {{"indices_or_sections", tup({7, 3, 25, -2})}}, "(20,) (7, 3, 25, -2)"),
          sample({g({20})}, {{"indices_or_sections", tup({})}}, "(20,) ()"),
          sample({g({3, 4, 5})}, {{"indices_or_sections", i64(2)}, {"axis", i64(1)}}, "(3, 4, 5) 2 axis 1"),
          sample({g.transposed()}, {{"indices_or_sections", tup({1, -1})}, {"axis", i64(-1)}}, "transposed (3, 4, 5) (1, -1) axis -1"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({20})}, {{"indices_or_sections", i64(3)}}, "ValueError", "\\[split\\].*equal division"),
          error({f64({20})}, {{"indices_or_sections", i64(0)}}, "ZeroDivisionError", "\\[split\\]"),
          error({f64({20})}, {{"indices_or_sections", i64(2)}, {"axis", i64(1)}}, "IndexError", "\\[split\\]"),
      };
    };
    // torch.split takes chunk sizes; torch.tensor_split takes NumPy's indices or section count
    // (as np.array_split: unequal sections are no error there, a difference to find).
    op.torch_ref = "lambda x, indices_or_sections, **kw: torch.tensor_split(x, indices_or_sections, **kw)";
    db.push_back(std::move(op));
  }

  // ---- flatten (an ndarray method only in NumPy), ravel, ascontiguousarray, copy ----
  auto standard_plus_transposed = [](const std::string& name) {
    return [name](DType d) {
      Gen g = gen(name, d);
      Samples s;
      for (const Shape& sh : std::vector<Shape>{{}, {0}, {1, 0, 3}, {20}, {3, 4, 5}})
        s.push_back(sample({g(sh)}, {}, "shape " + shape_str(sh)));
      s.push_back(sample({g.transposed()}, {}, "transposed (3, 4, 5)"));
      s.push_back(sample({g({40}).index({Slice(std::nullopt, std::nullopt, 2)})}, {}, "(40,)[::2]"));
      return s;
    };
  };
  {
    OpInfo op = shape_op("flatten", "lambda x: x.flatten()", [](Variant v, const Args& a, const Kwargs&, const Tensor&) {
      return std::vector<Tensor>{v == Variant::method ? a[0].tensor().flatten() : flatten(a[0].tensor())};
    });
    op.numpy_method = "flatten";
    op.sample_inputs = standard_plus_transposed("flatten");
    op.torch_ref = "torch.flatten";
    op.jax_ref = "lambda x: x.flatten()";
    db.push_back(std::move(op));
  }
  {
    OpInfo op = shape_op("ravel", "np.ravel", [](Variant v, const Args& a, const Kwargs&, const Tensor&) {
      return std::vector<Tensor>{v == Variant::method ? a[0].tensor().ravel() : ravel(a[0].tensor())};
    });
    op.numpy_method = "ravel";
    op.sample_inputs = standard_plus_transposed("ravel");
    db.push_back(std::move(op));
  }
  {
    OpInfo op = shape_op("ascontiguousarray", "np.ascontiguousarray", [](Variant, const Args& a, const Kwargs&, const Tensor&) {
      return std::vector<Tensor>{ascontiguousarray(a[0].tensor())};
    });
    op.sample_inputs = standard_plus_transposed("ascontiguousarray");
    op.torch_ref = "lambda x: x.contiguous()";  // torch has no ascontiguousarray: Tensor.contiguous is its call
    op.jax_missing = "jax.numpy has no ascontiguousarray (JAX arrays have no user-visible layout)";
    db.push_back(std::move(op));
  }
  {
    OpInfo op = shape_op("copy", "np.copy", [](Variant v, const Args& a, const Kwargs&, const Tensor&) {
      return std::vector<Tensor>{v == Variant::method ? a[0].tensor().copy() : copy(a[0].tensor())};
    });
    op.numpy_method = "copy";
    op.sample_inputs = standard_plus_transposed("copy");
    op.torch_ref = "torch.clone";
    op.torch_method = "clone";  // Tensor.copy_ copies into a tensor: another op
    db.push_back(std::move(op));
  }

  // ---- flip ----
  {
    OpInfo op = shape_op("flip", "np.flip", [](Variant v, const Args& a, const Kwargs& kw, const Tensor&) {
      auto ax = kaxes(kw, "axis");
      return std::vector<Tensor>{v == Variant::method ? a[0].tensor().flip(ax) : flip(a[0].tensor(), ax)};
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("flip", d);
      return Samples{
          sample({g({})}, {{"axis", none}}, "()"),
          sample({g({0})}, {{"axis", none}}, "(0,)"),
          sample({g({1, 0, 3})}, {{"axis", i64(-1)}}, "(1, 0, 3) axis -1"),
          sample({g({20})}, {{"axis", i64(0)}}, "(20,) axis 0"),
          sample({g({3, 4, 5})}, {{"axis", none}}, "(3, 4, 5)"),
          sample({g({3, 4, 5})}, {{"axis", tup({0, 2})}}, "(3, 4, 5) axis (0, 2)"),
          sample({g.transposed()}, {{"axis", tup({1})}}, "transposed (3, 4, 5) axis (1,)"),
          sample({g({789, 357})}, {{"axis", i64(0)}}, "(789, 357) axis 0"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({3, 4})}, {{"axis", i64(2)}}, "AxisError", "\\[flip\\].*out of bounds"),
          error({f64({3, 4})}, {{"axis", tup({0, -2})}}, "ValueError", "\\[flip\\].*repeated axis"),
      };
    };
    op.torch_ref = "lambda x, dim=None: torch.flip(x, dim)";  // torch calls it dims, and requires it
    db.push_back(std::move(op));
  }

  // ---- tile, repeat ----
  {
    OpInfo op = shape_op("tile", "np.tile", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return std::vector<Tensor>{tile(a[0].tensor(), kvec(kw, "reps"))};
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("tile", d);
      return Samples{
          sample({g({})}, {{"reps", tup({2, 3})}}, "() (2, 3)"),
          sample({g({})}, {{"reps", tup({})}}, "() ()"),
          sample({g({0})}, {{"reps", i64(2)}}, "(0,) 2"),
          sample({g({1, 0, 3})}, {{"reps", tup({2, 2})}}, "(1, 0, 3) (2, 2)"),
          sample({g({20})}, {{"reps", tup({2, 1, 3})}}, "(20,) (2, 1, 3)"),
          sample({g({20})}, {{"reps", i64(0)}}, "(20,) 0"),
          sample({g({3, 4, 5})}, {{"reps", tup({2})}}, "(3, 4, 5) (2,)"),
          sample({g.transposed()}, {{"reps", tup({2, 1, 2})}}, "transposed (3, 4, 5) (2, 1, 2)"),
      };
    };
    op.error_inputs = [] {
      return Errors{error({f64({3})}, {{"reps", tup({-1})}}, "ValueError", "\\[tile\\].*negative")};
    };
    op.torch_ref = "lambda x, reps: torch.tile(x, reps)";  // torch calls it dims
    db.push_back(std::move(op));
  }
  {
    OpInfo op = shape_op("repeat", "np.repeat", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return std::vector<Tensor>{repeat(a[0].tensor(), kvec(kw, "repeats"), kopt_int(kw, "axis"))};
    });
    op.numpy_method = "repeat";
    op.sample_inputs = [](DType d) {
      Gen g = gen("repeat", d);
      return Samples{
          sample({g({})}, {{"repeats", i64(3)}}, "() 3"),
          sample({g({0})}, {{"repeats", i64(2)}}, "(0,) 2"),
          sample({g({1, 0, 3})}, {{"repeats", i64(2)}, {"axis", i64(0)}}, "(1, 0, 3) 2 axis 0"),
          sample({g({20})}, {{"repeats", i64(0)}}, "(20,) 0"),
          sample({g({3, 4, 5})}, {{"repeats", i64(2)}}, "(3, 4, 5) 2 (flattened)"),
          sample({g({3, 4, 5})}, {{"repeats", i64(3)}, {"axis", i64(1)}}, "(3, 4, 5) 3 axis 1"),
          sample({g({3, 4, 5})}, {{"repeats", tup({1, 0, 2})}, {"axis", i64(0)}}, "(3, 4, 5) (1, 0, 2) axis 0"),
          sample({g.transposed()}, {{"repeats", tup({2})}, {"axis", i64(-1)}}, "transposed (3, 4, 5) (2,) axis -1"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({3})}, {{"repeats", i64(-1)}}, "ValueError", "\\[repeat\\].*negative"),
          error({f64({3})}, {{"repeats", tup({1, 2})}}, "ValueError", "\\[repeat\\].*broadcast"),
          error({f64({3})}, {{"repeats", i64(2)}, {"axis", i64(1)}}, "AxisError", "\\[repeat\\].*out of bounds"),
      };
    };
    // NumPy's repeat is torch.repeat_interleave (Tensor.repeat tiles, as np.tile).
    op.torch_ref = "lambda x, repeats, **kw: torch.repeat_interleave(x, repeats, **kw)";
    op.torch_method = "repeat_interleave";
    db.push_back(std::move(op));
  }

  // ---- astype: every source dtype to every target dtype, on random and on extremal values ----
  {
    OpInfo op = shape_op("astype", "lambda x, dtype: x.astype(dtype)",
                         [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
                           return std::vector<Tensor>{a[0].tensor().astype(*kdtype(kw))};
                         });
    op.numpy_method = "astype";
    op.sample_inputs = [](DType d) {
      Gen g = gen("astype", d);
      Samples s;
      for (DType to : kAllDTypes)
        s.push_back(sample({g({20})}, {{"dtype", KwValue(to)}}, std::string("(20,) to ") + name(to)));
      s.push_back(sample({g({})}, {{"dtype", KwValue(DType::Float32)}}, "() to float32"));
      s.push_back(sample({g({1, 0, 3})}, {{"dtype", KwValue(DType::Int8)}}, "(1, 0, 3) to int8"));
      s.push_back(sample({g.transposed()}, {{"dtype", KwValue(DType::Complex128)}}, "transposed (3, 4, 5) to complex128"));
      return s;
    };
    op.reference_inputs = [](DType d) {
      Samples s;
      for (DType to : kAllDTypes)
        s.push_back(sample({extremal_values(d)}, {{"dtype", KwValue(to)}}, std::string("extremal values to ") + name(to)));
      return s;
    };
    op.discrepancies.push_back(
        {Discrepancy::Kind::differs,
         {DType::Float16, DType::BFloat16, DType::Float32, DType::Float64, DType::Complex64, DType::Complex128},
         {},
         "NaN, +-inf and out-of-range floats cast to uint32 give other values than NumPy's contiguous loop",
         "C leaves these conversions undefined and NumPy warns 'invalid value encountered in cast'; NumPy's own "
         "results depend on the memory layout (its contiguous SIMD loop gives 2147483648 for NaN and -inf, its "
         "strided loop and its scalars give 0, and 3*2**32+5 gives 0 or 5); the engine follows the strided loop",
         "extremal values to uint32"});
    op.torch_ref = "lambda x, dtype: x.to(dtype)";
    op.torch_method = "to";
    op.jax_ref = "lambda x, dtype: x.astype(dtype)";
    db.push_back(std::move(op));
  }
}

}  // namespace parity::opinfo
