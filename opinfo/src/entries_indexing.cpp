// Entries for indexing (engine/src/indexing.cpp): "getitem" is Tensor::index (x[idx]) and
// "setitem" is Tensor::index_put (x[idx] = v).
//
// How an index expression travels: the keyword "index" holds it as Python source, e.g.
// "..., 1:3, None, a1", where aK names the sample's K-th positional argument (an integer or
// boolean index array). NumPy evaluates it with np.s_[...] (the reference lambdas below); the run
// function parses the same small grammar into TensorIndex values:
//   item := int | [int]:[int][:[int]] | ... | None | True | False | aK      ("()" is the empty tuple)
// so one string is the single source of the index on both sides and prints in failure reports.
//
// setitem writes into a copy of x on both sides and returns it (the sample's x is left alone).
#include <cctype>
#include <limits>

#include "dtype_sets.h"
#include "entries_util.h"
#include "families.h"
#include "parity/ops.h"

namespace parity::opinfo {

namespace {
using namespace util;

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::optional<int64_t> opt_int(const std::string& s) {
  std::string t = trim(s);
  if (t.empty()) return std::nullopt;
  return std::stoll(t);
}

// The index grammar above, resolved against the sample's positional arguments.
std::vector<TensorIndex> parse_index(const std::string& expr, const Args& args) {
  std::vector<TensorIndex> idx;
  if (trim(expr) == "()") return idx;
  size_t pos = 0;
  while (pos <= expr.size()) {
    size_t comma = expr.find(',', pos);
    if (comma == std::string::npos) comma = expr.size();
    std::string item = trim(expr.substr(pos, comma - pos));
    pos = comma + 1;
    if (item.empty()) continue;  // a trailing comma
    if (item == "...") idx.emplace_back(ellipsis);
    else if (item == "None") idx.emplace_back(newaxis);
    else if (item == "True") idx.emplace_back(true);
    else if (item == "False") idx.emplace_back(false);
    else if (item[0] == 'a' && item.size() > 1 && std::isdigit(static_cast<unsigned char>(item[1])))
      idx.emplace_back(args.at(std::stoul(item.substr(1))).tensor());
    else if (item.find(':') != std::string::npos) {
      size_t c1 = item.find(':'), c2 = item.find(':', c1 + 1);
      std::string a = item.substr(0, c1);
      std::string b = c2 == std::string::npos ? item.substr(c1 + 1) : item.substr(c1 + 1, c2 - c1 - 1);
      std::string c = c2 == std::string::npos ? "" : item.substr(c2 + 1);
      idx.emplace_back(Slice(opt_int(a), opt_int(b), opt_int(c)));
    } else {
      idx.emplace_back(static_cast<int64_t>(std::stoll(item)));
    }
  }
  return idx;
}

std::string index_of(const Kwargs& kw) { return std::get<std::string>(*find_kwarg(kw, "index")); }
KwValue ix(const char* s) { return KwValue(std::string(s)); }

Tensor ints(std::vector<int64_t> v) { return asarray(v); }
Tensor mask(const Shape& s, uint64_t seed) { return make_tensor(s, DType::Bool, seed); }

// A value of dtype d for x[...] = v: a Python number every dtype holds.
ArrayLike python_value(DType d) {
  if (d == DType::Bool) return ArrayLike(Scalar(true));
  if (is_integer(d)) return ArrayLike(Scalar(int64_t{5}));
  return ArrayLike(Scalar(-1.5));
}

Tensor f64(const Shape& s) { return make_tensor(s, DType::Float64, 1); }

constexpr const char* kGetitemRef =
    "lambda x, *arrs, index: x[eval('np.s_[' + index + ']', "
    "{'np': np, **{'a%d' % (i + 1): a for i, a in enumerate(arrs)}})]";
constexpr const char* kSetitemRef =
    "lambda x, v, *arrs, index: (lambda y: (y.__setitem__(eval('np.s_[' + index + ']', "
    "{'np': np, **{'a%d' % (i + 2): a for i, a in enumerate(arrs)}}), v), y)[1])"
    "(x.copy() if x.flags.writeable else np.broadcast_to(x.copy(), x.shape))";  // as read-only as x
// torch and jax index with the same tuple NumPy's np.s_ builds (slices, ints, None, Ellipsis and
// the index arrays, here the library's own); torch writes into a clone, jax through .at[].set.
constexpr const char* kSetitemTorch =
    "lambda x, v, *arrs, index: (lambda y: (y.__setitem__(eval('np.s_[' + index + ']', "
    "{'np': np, **{'a%d' % (i + 2): a for i, a in enumerate(arrs)}}), v), y)[1])(x.clone())";
constexpr const char* kSetitemJax =
    "lambda x, v, *arrs, index: x.at[eval('np.s_[' + index + ']', "
    "{'np': np, **{'a%d' % (i + 2): a for i, a in enumerate(arrs)}})].set(v)";
}  // namespace

void add_indexing_ops(std::vector<OpInfo>& db) {
  // ---- getitem ----
  {
    OpInfo op = entry("getitem", kGetitemRef,
                      [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
                        return std::vector<Tensor>{a[0].tensor().index(parse_index(index_of(kw), a))};
                      });
    op.sample_inputs = [](DType d) {
      Gen g = gen("getitem", d);
      Tensor x = g({3, 4, 5});
      return Samples{
          sample({g({})}, {{"index", ix("()")}}, "() [()]"),
          sample({g({})}, {{"index", ix("None, ...")}}, "() [None, ...]"),
          sample({g({0})}, {{"index", ix(":")}}, "(0,) [:]"),
          sample({g({0}), ints({})}, {{"index", ix("a1")}}, "(0,) [empty int array]"),
          sample({g({1, 0, 3})}, {{"index", ix("0, :, -1")}}, "(1, 0, 3) [0, :, -1]"),
          sample({g({20})}, {{"index", ix("::3")}}, "(20,) [::3]"),
          sample({g({20})}, {{"index", ix("5:2")}}, "(20,) [5:2]"),
          sample({g({20})}, {{"index", ix("-100:100:-7")}}, "(20,) [-100:100:-7]"),
          sample({g({20})}, {{"index", ix("::-1")}}, "(20,) [::-1]"),
          sample({x}, {{"index", ix("1")}}, "(3, 4, 5) [1]"),
          sample({x}, {{"index", ix("-1, ::2")}}, "(3, 4, 5) [-1, ::2]"),
          sample({x}, {{"index", ix("..., 1:3")}}, "(3, 4, 5) [..., 1:3]"),
          sample({x}, {{"index", ix("None, 0, :, None")}}, "(3, 4, 5) [None, 0, :, None]"),
          sample({x}, {{"index", ix("1:, ::-1, 2")}}, "(3, 4, 5) [1:, ::-1, 2]"),
          sample({x}, {{"index", ix("True")}}, "(3, 4, 5) [True]"),
          sample({x}, {{"index", ix("False")}}, "(3, 4, 5) [False]"),
          sample({x, ints({0, 2, -1})}, {{"index", ix("a1")}}, "(3, 4, 5) [int array]"),
          sample({x, ints({0, 2}).reshape({2, 1}), ints({1, 0, 4})}, {{"index", ix("a1, :, a2")}},
                 "(3, 4, 5) [ints (2, 1), :, ints (3,)] (separated: broadcast dims first)"),
          sample({x, ints({3, 0})}, {{"index", ix("0, a1, 1:3")}}, "(3, 4, 5) [0, ints, 1:3]"),
          sample({x, ints({1, 1, 2})}, {{"index", ix(":, a1")}}, "(3, 4, 5) [:, ints with repeats]"),
          sample({x, mask({4}, 3)}, {{"index", ix(":, a1")}}, "(3, 4, 5) [:, bool (4,)]"),
          sample({x, mask({3, 4, 5}, 4)}, {{"index", ix("a1")}}, "(3, 4, 5) [bool (3, 4, 5)]"),
          sample({x, mask({3, 4}, 5), ints({4, 0})}, {{"index", ix("a1, a2")}}, "(3, 4, 5) [bool (3, 4), ...] mixed"),
          sample({g({5, 4, 3}).transpose(), ints({2, 0})}, {{"index", ix("::-1, a1")}}, "transposed (3, 4, 5) [::-1, ints]"),
          sample({g({789, 357})}, {{"index", ix("::2, ::-3")}}, "(789, 357) [::2, ::-3]"),
      };
    };
    op.error_inputs = [] {
      Tensor x = f64({3, 4, 5});
      return Errors{
          error({x}, {{"index", ix("3")}}, "IndexError", "\\[index\\].*out of bounds"),
          error({x}, {{"index", ix("0, 0, -6")}}, "IndexError", "\\[index\\].*out of bounds"),
          error({x}, {{"index", ix("0, 0, 0, 0")}}, "IndexError", "\\[index\\].*too many indices"),
          error({x, ints({5})}, {{"index", ix(":, a1")}}, "IndexError", "\\[index\\].*out of bounds"),
          error({x, mask({4}, 1)}, {{"index", ix("a1")}}, "IndexError", "\\[index\\].*boolean index"),
          error({x, ints({0, 1}), ints({0, 1, 2})}, {{"index", ix("a1, a2")}}, "IndexError", "\\[index\\].*broadcast"),
          error({x, f64({2})}, {{"index", ix("a1")}}, "IndexError", "\\[index\\].*integer"),
          error({x}, {{"index", ix("::0")}}, "ValueError", "\\[index\\].*step cannot be zero"),
      };
    };
    op.torch_ref = kGetitemRef;
    op.jax_ref = kGetitemRef;
    db.push_back(std::move(op));
  }

  // ---- setitem ----
  {
    OpInfo op = entry("setitem", kSetitemRef,
                      [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
                        Tensor y = a[0].tensor().copy();  // as read-only as the target
                        if (!a[0].tensor().writeable()) y.setflags(false);
                        y.index_put(parse_index(index_of(kw), a), a[1]);
                        return std::vector<Tensor>{y};
                      });
    op.sample_inputs = [](DType d) {
      Gen g = gen("setitem", d);
      Tensor x = g({3, 4, 5});
      Tensor f = make_tensor({4, 5}, DType::Float64, 77, 0, 9);  // a value of another dtype (cast unsafely)
      return Samples{
          sample({g({}), g({}, 1)}, {{"index", ix("()")}}, "() [()] = ()"),
          sample({g({0}), python_value(d)}, {{"index", ix(":")}}, "(0,) [:] = Python number"),
          sample({g({1, 0, 3}), g({3}, 1)}, {{"index", ix("0")}}, "(1, 0, 3) [0] = (3,)"),
          sample({g({20}), g({7}, 1)}, {{"index", ix("::3")}}, "(20,) [::3] = (7,)"),
          sample({g({20}), g({4}, 1)}, {{"index", ix("-1:-9:-2")}}, "(20,) [-1:-9:-2] = (4,)"),
          sample({x, g({4, 5}, 1)}, {{"index", ix("1")}}, "(3, 4, 5) [1] = (4, 5)"),
          sample({x, g({4}, 1)}, {{"index", ix("..., 0")}}, "(3, 4, 5) [..., 0] = (4,)"),
          sample({x, g({}, 1)}, {{"index", ix("::2, 1:3")}}, "(3, 4, 5) [::2, 1:3] = ()"),
          sample({x, python_value(d)}, {{"index", ix("None, 2")}}, "(3, 4, 5) [None, 2] = Python number"),
          sample({x, g({3, 4, 5}, 1).transpose({2, 1, 0}).transpose({2, 1, 0})}, {{"index", ix("()")}}, "(3, 4, 5) [()] = (3, 4, 5)"),
          sample({x, f}, {{"index", ix("0")}}, "(3, 4, 5) [0] = float64 (4, 5)"),
          sample({x, g({2, 5}, 1), ints({0, 2})}, {{"index", ix(":, a2")}}, "(3, 4, 5) [:, ints] = (2, 5)"),
          sample({x, python_value(d), mask({3, 4, 5}, 9)}, {{"index", ix("a2")}}, "(3, 4, 5) [bool mask] = Python number"),
          sample({x, g({3, 1}, 1), ints({0, 2, 1}), ints({4, 0, 1})}, {{"index", ix("a2, :, a3")}},
                 "(3, 4, 5) [ints, :, ints] = (3, 1)"),
          sample({g({5, 4, 3}).transpose(), g({4, 5}, 1)}, {{"index", ix("-1")}}, "transposed (3, 4, 5) [-1] = (4, 5)"),
      };
    };
    op.error_inputs = [] {
      Tensor x = f64({3, 4});
      return Errors{
          error({x, f64({5})}, {{"index", ix("0")}}, "ValueError", "\\[index_put\\].*broadcast"),
          error({x, f64({})}, {{"index", ix("3")}}, "IndexError", "\\[index_put\\].*out of bounds"),
          error({zeros({3}, DType::UInt8), ArrayLike(Scalar(int64_t{300}))}, {{"index", ix("0")}}, "OverflowError",
                "\\[index_put\\].*300"),
          error({zeros({3}, DType::Int64), ArrayLike(Scalar(std::numeric_limits<double>::quiet_NaN()))}, {{"index", ix("0")}},
                "ValueError", "\\[index_put\\].*NaN"),
          // a read-only view (broadcast_to) as the target: basic and advanced indices
          error({x.broadcast_to({3, 4}), f64({})}, {{"index", ix("0")}}, "ValueError",
                "\\[index_put\\] assignment destination is read-only"),
          error({x.broadcast_to({3, 4}), f64({}), ints({0, 2})}, {{"index", ix("a2")}}, "ValueError",
                "\\[index_put\\] assignment destination is read-only"),
      };
    };
    op.torch_ref = kSetitemTorch;
    op.jax_ref = kSetitemJax;
    db.push_back(std::move(op));
  }
}

}  // namespace parity::opinfo
