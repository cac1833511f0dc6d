// The NumPy snippets of the talk "From NumPy to PyTorch" (Mike Ruberry), redone with Parity.
// Each ">>> " line is the NumPy code; the lines after it are what Parity prints, which is what
// NumPy prints (engine/tests/examples_test.cpp checks this). "ad> " lines are the talk's
// autograd snippets, run with Parity's autograd (the test checks the gradients against their
// closed forms). The program then prints PyTorch's side of the snippets where PyTorch differs
// ("pt> " lines, computed by PyTorch through the oracle), or one line when PyTorch is not
// installed. Out of the engine's scope and so left out: torch.jit (np.diag is built as
// eye * values for the eig snippet).
#include <cmath>
#include <complex>
#include <iostream>
#include <string>

#include "parity/fft.h"
#include "parity/linalg.h"
#include "parity/nested_list.h"
#include "parity/ops.h"
#include "session.h"

namespace parity_examples::talk {

using namespace parity;
constexpr double kPi = 3.141592653589793;  // np.pi

// A gradient shown the way PyTorch shows a tensor: NumPy's repr with "array(" read "tensor("
// (the digits stay NumPy's formatting).
inline std::string torch_repr(const Tensor& t) {
  std::string r = t.repr(), out;
  if (r.rfind("array(", 0) == 0) r = "tensor(" + r.substr(6);
  for (char c : r) {
    out += c;
    if (c == '\n') out += ' ';  // continuation lines line up under the longer prefix
  }
  return out;
}

inline void run(std::ostream& os) {
  Session s(os);
  Tensor a, b, x, result;

  s.section("Simple NumPy snippets: tensor creation, addition, matrix multiplication");
  s.numpy("import numpy as np");
  s.numpy("a = np.array(((1, 2), (3, 4)))", [&] { a = array({{1, 2}, {3, 4}}); return ""; });
  s.numpy("a", [&] { return a.repr(); });
  s.numpy("b = np.array(((-1, -2), (-3, -4)))", [&] { b = array({{-1, -2}, {-3, -4}}); return ""; });
  s.numpy("b", [&] { return b.repr(); });
  s.numpy("np.add(a, b)", [&] { return add(a, b).repr(); });
  s.numpy("np.matmul(a, b)", [&] { return matmul(a, b).repr(); });

  s.section("More complicated NumPy snippets (the parts within Parity's scope)");
  s.numpy("np.exp(2j * np.pi * np.arange(8) / 8)", [&] {
    return exp(multiply(multiply(std::complex<double>(0, 2), kPi), arange(8)) / 8).repr();
  });
  // The talk's fft: the rounding residue (~1e-16) is each FFT library's own, so the line shows the
  // transform rounded to 10 decimals (+ 0 folds -0 into 0), which NumPy and Parity print alike.
  s.numpy("x = np.exp(2j * np.pi * np.arange(8) / 8)", [&] {
    x = exp(multiply(multiply(std::complex<double>(0, 2), kPi), arange(8)) / 8);
    return "";
  });
  s.numpy("np.fft.fft(x).round(10) + 0", [&] { return (round(fft::fft(x), 10) + 0).repr(); });
  s.numpy("A = np.array([[1, -2j], [2j, 5]])", [&] {
    x = array({{1, std::complex<double>(-0.0, -2)}, {std::complex<double>(0, 2), 5}});  // -2j is (-0-2j)
    return "";
  });
  s.numpy("A", [&] { return x.repr(); });
  s.numpy("A.conj().T", [&] { return x.conj().T().repr(); });
  s.numpy("np.linalg.cholesky(A)", [&] { return linalg::cholesky(x).repr(); });
  s.numpy("np.linalg.eig(np.diag((1, 2, 3)))", [&] {
    linalg::EigResult r = linalg::eig(multiply(eye(3, std::nullopt, 0, int64), array({1, 2, 3})));  // np.diag
    return "EigResult(eigenvalues=" + r.eigenvalues.repr() + ", eigenvectors=" + r.eigenvectors.repr() + ")";
  });

  s.section("Composites and primitives: sinc and copysign");
  s.numpy(
      "def sinc(x):\n"
      "    x = np.asanyarray(x)\n"
      "    y = np.pi * np.where(x == 0, 1.0e-20, x)\n"
      "    return np.sin(y)/y");
  auto sinc = [](const Tensor& t) {
    Tensor y = multiply(kPi, where(t == 0, 1.0e-20, t));
    return sin(y) / y;
  };
  s.numpy("x = np.linspace(-2, 2, 9)", [&] { x = linspace(-2, 2, 9); return ""; });
  s.numpy("sinc(x)", [&] { return sinc(x).repr(); });
  s.numpy("sinc(np.array([0., 0.5], dtype=np.float32))",
          [&] { return sinc(array({0., 0.5}, float32)).repr(); });
  s.numpy("np.copysign(np.array([1., -2., 3., 4.]), np.array([-1., 1., -0., 0.]))",
          [&] { return copysign(array({1., -2., 3., 4.}), array({-1., 1., -0., 0.})).repr(); });
  s.numpy("np.copysign(np.arange(3), -1)", [&] { return copysign(arange(3), -1).repr(); });
  s.numpy("print(np.copysign(3, -0.0))", [&] { return parity::copysign(3, -0.0).str(); });

  s.section("PyTorch and NumPy interoperability");
  s.numpy("a = np.array((1, 2, 3))", [&] { a = array({1, 2, 3}); return ""; });
  s.numpy("b = np.array((-1, -2, -3))", [&] { b = array({-1, -2, -3}); return ""; });
  s.numpy("result = a + b", [&] { result = a + b; return ""; });
  s.numpy("result", [&] { return result.repr(); });

  s.section("Simple snippets on an accelerator (on the CPU here)");
  s.numpy("a = np.array(((1., 2), (3, 4)))", [&] { a = array({{1., 2}, {3, 4}}); return ""; });
  s.numpy("b = np.array(((-1, -2), (-3, -4)))", [&] { b = array({{-1, -2}, {-3, -4}}); return ""; });
  s.numpy("np.add(a, b)", [&] { return add(a, b).repr(); });
  s.numpy("np.matmul(a.astype(np.float32), b.astype(np.float32))",
          [&] { return matmul(a.astype(float32), b.astype(float32)).repr(); });

  s.section("The forward pass of the autograd example");
  s.numpy("a = np.array((1., 2.))", [&] { a = array({1., 2.}); return ""; });
  s.numpy("b = np.array((3., 4.))", [&] { b = array({3., 4.}); return ""; });
  s.numpy("result = (a * b).sum()", [&] { result = (a * b).sum(); return ""; });
  s.numpy("print(result)", [&] { return result.str(); });

  s.section("Autograd in PyTorch (Parity: parity/autograd.h)");
  s.ad("a = torch.tensor((1., 2.), requires_grad=True)", [&] { a = array({1., 2.}).requires_grad_(); return ""; });
  s.ad("b = torch.tensor((3., 4.))", [&] { b = array({3., 4.}); return ""; });
  s.ad("result = (a * b).sum()", [&] { result = (a * b).sum(); return ""; });
  s.ad("result.backward()", [&] { result.backward(); return ""; });
  s.ad("a.grad", [&] { return torch_repr(a.grad()); });
  s.note("the sinc composite differentiates through where, multiply, sin and divide:");
  s.ad("def sinc(x):\n"
       "    y = math.pi * torch.where(x == 0, 1.0e-20, x)\n"
       "    return torch.sin(y)/y");
  s.ad("x = torch.linspace(-2, 2, 9, requires_grad=True)",
       [&] { x = linspace(-2, 2, 9).requires_grad_(); return ""; });
  s.ad("sinc(x).sum().backward()", [&] { sinc(x).sum().backward(); return ""; });
  s.ad("x.grad", [&] { return torch_repr(x.grad()); });

  s.section("When PyTorch is different from NumPy: reciprocal of integers");
  s.numpy("a = np.array((1, 2, 3))", [&] { a = array({1, 2, 3}); return ""; });
  s.numpy("np.reciprocal(a)", [&] { return reciprocal(a).repr(); });
  s.note("1/0 for integers: NumPy warns and gives INT64_MIN");
  s.numpy("np.reciprocal(np.array([1, 2, 0]))", [&] { return reciprocal(array({1, 2, 0})).repr(); });
  s.numpy("np.reciprocal(np.array([-1, 1, 2], dtype=np.int8))",
          [&] { return reciprocal(array({-1, 1, 2}, int8)).repr(); });
  s.note("what torch.reciprocal gives, in NumPy terms:");
  s.numpy("np.reciprocal(a.astype(np.float32))", [&] { return reciprocal(a.astype(float32)).repr(); });

  s.section("When PyTorch is different from NumPy: ordering complex numbers");
  s.numpy("a = np.array((complex(1, 2), complex(2, 1)))", [&] {
    a = array({std::complex<double>(1, 2), std::complex<double>(2, 1)});
    return "";
  });
  s.numpy("print(np.amax(a))", [&] { return amax(a).str(); });
  s.numpy("print(np.amin(a))", [&] { return amin(a).str(); });
  s.numpy("a.max(keepdims=True)", [&] { return a.max(std::nullopt, true).repr(); });
  s.numpy("np.sort(a)", [&] { return sort(a).repr(); });
  s.note("NumPy orders complex numbers lexicographically: real parts, then imaginary parts");
  s.numpy("np.sort(np.array([2+1j, 1+2j, 1-1j, -1+0j]))", [&] {
    using C = std::complex<double>;
    return sort(array({C(2, 1), C(1, 2), C(1, -1), C(-1, 0)})).repr();
  });
}

}  // namespace parity_examples::talk

#ifndef PARITY_EXAMPLES_NO_MAIN
// PyTorch's side of the snippets where the talk says PyTorch differs, computed by PyTorch itself
// through the oracle's TorchExecutor (the inputs are the snippets' arrays; the results print as
// NumPy prints arrays). Without PyTorch: one line saying so.
#include "parity/executors.h"
#include "parity/opinfo.h"

namespace parity_examples::talk {

inline void torch_side(std::ostream& os) {
  std::string why;
  if (!library_available("torch", &why)) {
    os << "\n## PyTorch's side not shown: " << why << " (bash scripts/setup.sh installs it)\n";
    return;
  }
  os << "\n== PyTorch's side, computed by PyTorch " << library_version("torch") << " ==\n";
  auto ex = make_executor("torch");
  auto show = [&](const std::string& code, const std::string& op, std::vector<ArrayLike> args) {
    Case c;
    c.op = opinfo::find_op(op);
    c.input.args = std::move(args);
    Outcome o = ex->run(c);
    os << "pt> " << code << "\n";
    if (o.not_comparable) os << "-- not comparable: " << o.error_message << "\n";
    else if (o.error) os << "!! " << o.error_message << "\n";
    else if (!o.values.empty()) os << o.values[0].repr() << "\n";
  };
  show("torch.add(a, b)  # a, b: the int64 matrices above", "add", {array({{1, 2}, {3, 4}}), array({{-1, -2}, {-3, -4}})});
  show("torch.matmul(a, b)", "matmul", {array({{1, 2}, {3, 4}}), array({{-1, -2}, {-3, -4}})});
  show("torch.copysign(torch.arange(3), -1)", "copysign", {arange(3), ArrayLike(Scalar(int64_t{-1}))});
  show("torch.reciprocal(torch.tensor((1, 2, 3)))", "reciprocal", {array({1, 2, 3})});
  show("torch.reciprocal(torch.tensor([1, 2, 0]))", "reciprocal", {array({1, 2, 0})});
  show("torch.reciprocal(torch.tensor([-1, 1, 2], dtype=torch.int8))", "reciprocal", {array({-1, 1, 2}, int8)});
  Tensor z = array({std::complex<double>(1, 2), std::complex<double>(2, 1)});
  show("torch.amax(torch.tensor((complex(1, 2), complex(2, 1))))", "amax", {z});
  show("torch.amin(torch.tensor((complex(1, 2), complex(2, 1))))", "amin", {z});
}

}  // namespace parity_examples::talk

int main() {
  parity_examples::talk::run(std::cout);
  parity_examples::talk::torch_side(std::cout);
  return 0;
}
#endif
