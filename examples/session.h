#pragma once
// Prints a Python session as NumPy's interactive prompt shows it. Prompts:
//   ">>> " NumPy code; what follows is exactly what NumPy prints for it (engine/tests/
//          examples_test.cpp replays these lines in NumPy and compares);
//   "tf> " TensorFlow-NumPy code with no NumPy equivalent (prefer_float32, promotion modes);
//   "--> " code whose result differs from NumPy on purpose (our own random stream);
//   "ad> " autograd code (tf.GradientTape, torch .backward(), vectorized_map) NumPy has no
//          equivalent for; examples_test.cpp checks its gradients against mathematics;
//   "... " continues the code of the prompt above.
// "== " starts a section and "## " is a note.
#include <functional>
#include <iostream>
#include <sstream>
#include <string>

#include "parity/errors.h"
#include "parity/tensor.h"

namespace parity_examples {

class Session {
 public:
  using Run = std::function<std::string()>;
  explicit Session(std::ostream& os) : os_(os) {}
  void section(const std::string& title) { os_ << "\n== " << title << " ==\n"; }
  void note(const std::string& text) { os_ << "## " << text << "\n"; }
  // `code` (one line per Python line) and the text running it prints ("" for nothing).
  void numpy(const std::string& code, const Run& run = {}) { show(">>> ", code, run); }
  void tf(const std::string& code, const Run& run = {}) { show("tf> ", code, run); }
  void parity(const std::string& code, const Run& run = {}) { show("--> ", code, run); }
  void ad(const std::string& code, const Run& run = {}) { show("ad> ", code, run); }

 private:
  void show(const char* prompt, const std::string& code, const Run& run) {
    std::istringstream lines(code);
    std::string line;
    bool first = true;
    while (std::getline(lines, line)) {
      os_ << (first ? prompt : "... ") << line << "\n";
      first = false;
    }
    if (!run) return;
    std::string out;
    // A failing op shows as an error line instead of ending the program.
    try {
      out = run();
    } catch (const parity::Error& e) {
      out = std::string("!! ") + e.py_class() + ": " + e.what();
    } catch (const std::exception& e) {
      out = std::string("!! ") + e.what();
    }
    if (out.empty()) return;
    os_ << out;
    if (out.back() != '\n') os_ << "\n";
  }
  std::ostream& os_;
};

// What Python shows for a dtype: dtype('float32').
inline std::string dtype_repr(parity::DType d) { return std::string("dtype('") + parity::name(d) + "')"; }

}  // namespace parity_examples
