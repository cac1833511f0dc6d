// The example programs (examples/*.cpp) against NumPy: every ">>> " line they print is replayed
// in NumPy, in order and in one namespace per program, and what NumPy prints must equal the
// program's output, so the examples cannot drift from NumPy. The "ad> " lines (autograd: NumPy
// has no gradients) are checked against mathematics: a gradient a program prints is compared
// with its closed form evaluated in NumPy, and the shapes and checks the tutorial prints with
// what they must be.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "parity/oracle.h"
#include "parity/promotion.h"

#define PARITY_EXAMPLES_NO_MAIN
#include "../../examples/numpy_to_pytorch_talk.cpp"
#include "../../examples/tensorflow_numpy_tutorial.cpp"

namespace parity {
namespace {

struct Block {
  std::string prompt, code, output;
};

std::vector<Block> parse_session(const std::string& text) {
  std::vector<Block> blocks;
  bool open = false;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::string head = line.substr(0, 4);
    if (head == ">>> " || head == "tf> " || head == "--> " || head == "ad> ") {
      blocks.push_back({head, line.substr(4), ""});
      open = true;
    } else if (head == "... " && open) {
      blocks.back().code.append(1, '\n').append(line, 4, std::string::npos);
    } else if (line.rfind("== ", 0) == 0 || line.rfind("## ", 0) == 0) {
      open = false;
    } else if (open) {
      blocks.back().output += line + "\n";
    }
  }
  return blocks;
}

std::string rstrip(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::string hex(const std::string& s) {
  static const char* d = "0123456789abcdef";
  std::string out;
  for (unsigned char c : s) { out += d[c >> 4]; out += d[c & 15]; }
  return out;
}

// Runs `blocks` in a fresh NumPy namespace like the interactive prompt (expression values are
// shown with repr) and compares each ">>> " block's printed text with the program's.
void check_against_numpy(const std::string& program, const std::vector<Block>& blocks, size_t min_checked) {
  oracle::exec(R"(
import contextlib, io, warnings
import numpy as np
def _parity_example_run(ns, src):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), warnings.catch_warnings():
        warnings.simplefilter('ignore')
        try:
            exec(compile(src + '\n', '<example>', 'single'), ns)
        except Exception as e:
            print('!! %s: %s' % (type(e).__name__, e))
    return buf.getvalue()
_parity_example_ns = {}
)");
  size_t checked = 0;
  for (const Block& b : blocks) {
    if (b.prompt != ">>> ") {
      EXPECT_EQ(b.output.find("NotImplementedError"), std::string::npos) << program << ": " << b.code << "\n" << b.output;
      if (b.prompt == "ad> ") {
        EXPECT_NE(b.output.rfind("!! ", 0), 0u) << program << ": " << b.code << "\n" << b.output;
      }
      continue;
    }
    std::string want = oracle::eval_str(
        "__import__('__main__')._parity_example_run(__import__('__main__')._parity_example_ns, "
        "bytes.fromhex('" + hex(b.code) + "').decode())");
    EXPECT_EQ(rstrip(b.output), rstrip(want)) << program << " line:\n>>> " << b.code;
    ++checked;
  }
  EXPECT_GE(checked, min_checked) << program;
}

const Block* find_block(const std::vector<Block>& blocks, const std::string& prompt, const std::string& code) {
  for (const Block& b : blocks)
    if (b.prompt == prompt && b.code == code) return &b;
  return nullptr;
}

// The gradient printed under the "ad> " line `code` (a "tensor([...])" repr) is close to the
// NumPy expression `want` (the closed form; 8 printed digits, so rtol 1e-7).
void expect_gradient(const std::vector<Block>& blocks, const std::string& code, const std::string& want) {
  const Block* b = find_block(blocks, "ad> ", code);
  ASSERT_NE(b, nullptr) << code;
  std::string ok = oracle::eval_str(
      "str(__import__('numpy').allclose(eval(bytes.fromhex('" + hex(rstrip(b->output)) +
      "').decode(), {'tensor': __import__('numpy').array}), (lambda np: " + want +
      ")(__import__('numpy')), rtol=1e-7, atol=1e-8))");
  EXPECT_EQ(ok, "True") << code << " printed\n" << b->output << "want " << want;
}

TEST(ExamplesTest, TalkPrintsWhatNumPyPrints) {
  std::ostringstream os;
  parity_examples::talk::run(os);
  std::vector<Block> blocks = parse_session(os.str());
  check_against_numpy("numpy_to_pytorch_talk", blocks, 30);
  bool saw_matmul = false;
  for (const Block& b : blocks)
    if (b.code == "np.matmul(a, b)" && !saw_matmul) {
      saw_matmul = true;
      EXPECT_EQ(rstrip(b.output), "array([[ -7, -10],\n       [-15, -22]])");
    }
  EXPECT_TRUE(saw_matmul);
  // d/da sum(a * b) = b = (3, 4).
  expect_gradient(blocks, "a.grad", "np.array([3., 4.])");
  // d/dx sin(pi x)/(pi x) = (cos(pi x) - sinc(x)) / x, 0 at 0 (where() passes no gradient there).
  expect_gradient(blocks, "x.grad",
                  "(lambda x: np.where(x == 0, 0.0, (np.cos(np.pi * x) - np.sinc(x)) / np.where(x == 0, 1.0, x)))"
                  "(np.linspace(-2, 2, 9))");
}

TEST(ExamplesTest, TutorialPrintsWhatNumPyPrints) {
  PromotionScope restore(PromotionMode::numpy, false);  // the program switches modes
  std::ostringstream os;
  parity_examples::tf_tutorial::run(os);
  std::string text = os.str();
  std::vector<Block> blocks = parse_session(text);
  check_against_numpy("tensorflow_numpy_tutorial", blocks, 40);
  // The gradient sections: a gradient has its parameter's shape, a batch jacobian of (16, 32)
  // -> (16, 2) is (16, 2, 32), a per-example gradient is (128,) + the parameter's shape; the
  // gradients pass gradcheck and the batched per-example gradients equal the loop's.
  EXPECT_NE(text.find("\nGradient shapes: [(32, 64), (64,), (64, 2)]\n"), std::string::npos);
  EXPECT_NE(text.find("\nBatch jacobian shape: (16, 2, 32)\n"), std::string::npos);
  for (const char* s : {"(32, 64), batch size: 128, per example gradient shape: (128, 32, 64)",
                        "(64,), batch size: 128, per example gradient shape: (128, 64)",
                        "(64, 2), batch size: 128, per example gradient shape: (128, 64, 2)"})
    EXPECT_NE(text.find(s), std::string::npos) << s;
  int checks = 0;
  for (const Block& b : blocks)
    if (b.prompt == "ad> " && (b.code.find("gradcheck(") != std::string::npos || b.code.find("allclose(") != std::string::npos)) {
      EXPECT_EQ(rstrip(b.output), "True") << b.code;
      ++checks;
    }
  EXPECT_EQ(checks, 2);
  // The TensorFlow-only lines: prefer_float32 makes float literals float32.
  EXPECT_NE(text.find("tnp.asarray(1.).dtype == tnp.float32"), std::string::npos);
  EXPECT_NE(text.find("tnp.add(1., 2.).dtype == tnp.float32"), std::string::npos);
  EXPECT_EQ(promotion_mode(), PromotionMode::numpy);
  EXPECT_FALSE(prefer_float32());
}

}  // namespace
}  // namespace parity
