// Layers point one way (issue 15): the tensor, the iterator, the allocator, promotion and the
// ufunc machinery include nothing from compile/ or autograd/, directly or through the project's
// headers, and call neither. Compile tracing and autograd recording wrap them from above
// (engine/src/ops/ufunc_dispatch.cpp, engine/src/ops/views.cpp). This test reads the sources.
#include <gtest/gtest.h>

#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#ifndef PARITY_ENGINE_DIR
#define PARITY_ENGINE_DIR ""
#endif

namespace fs = std::filesystem;

namespace {

const fs::path kEngine = PARITY_ENGINE_DIR;

// The low layers, relative to engine/.
const std::vector<std::string> kLowLayers = {
    "src/tensor.cpp",  "src/iter.h",      "src/iter.cpp",  "src/allocator.h", "src/allocator.cpp",
    "src/promotion.cpp", "src/ufunc.h",   "src/ufunc.cpp", "src/views.h", "include/parity/tensor.h",
};

// The code without comments and without the contents of string and character literals, so that
// a message or a comment that names autograd is not taken for a call.
std::string strip(const std::string& s) {
  std::string r;
  size_t i = 0;
  const size_t n = s.size();
  while (i < n) {
    if (s.compare(i, 2, "//") == 0) {
      while (i < n && s[i] != '\n') ++i;
    } else if (s.compare(i, 2, "/*") == 0) {
      size_t e = s.find("*/", i + 2);
      i = e == std::string::npos ? n : e + 2;
      r += ' ';
    } else if (s[i] == '"' || s[i] == '\'') {
      const char q = s[i];
      r += q;
      for (++i; i < n && s[i] != q && s[i] != '\n'; ++i)
        if (s[i] == '\\') ++i;
      r += q;
      ++i;
    } else {
      r += s[i++];
    }
  }
  return r;
}

// The targets of the #include lines, as written.
std::vector<std::string> includes_of(const std::string& text) {
  static const std::regex re(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, re)) out.push_back(m[1]);
  }
  return out;
}

// Whether an include names a compile or autograd layer file (by how it is written).
bool forbidden_include(const std::string& inc) {
  static const std::regex re(R"((^|/)(compile|autograd)/|^parity/(autograd|compile|gradcheck|transforms)\.h$)");
  return std::regex_search(inc, re);
}

// Names of the upper layers used in code (comments and strings stripped). tensor.h may name
// autograd::Meta: the handle's slot for its record, only declared there.
std::vector<std::string> forbidden_calls(const std::string& text, bool allow_meta) {
  std::string code = strip(text);
  if (allow_meta) code = std::regex_replace(code, std::regex(R"(autograd\s*::\s*Meta\b)"), "META");
  static const std::regex re(R"(\b(autograd\s*::|compile_detail\s*::|g_tracer\b|Tracer\b|traced_op\b|call_ufunc\b))");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), re); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[0]);
  return out;
}

std::string read(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Where a project include resolves: next to the includer, under engine/src, or engine/include.
// Empty for system and third-party headers.
fs::path resolve(const fs::path& from, const std::string& inc) {
  for (const fs::path& base : {from.parent_path(), kEngine / "src", kEngine / "include"}) {
    fs::path p = (base / inc).lexically_normal();
    if (fs::is_regular_file(p)) return p;
  }
  return {};
}

bool engine_sources_found() { return !kEngine.empty() && fs::is_regular_file(kEngine / "src" / "tensor.cpp"); }

TEST(Layers, ScannerFlagsIncludesAndCalls) {  // the checks below can fail
  EXPECT_TRUE(forbidden_include("compile/program.h"));
  EXPECT_TRUE(forbidden_include("../autograd/derivatives.h"));
  EXPECT_TRUE(forbidden_include("parity/autograd.h"));
  EXPECT_TRUE(forbidden_include("parity/compile.h"));
  EXPECT_FALSE(forbidden_include("parity/ops.h"));
  EXPECT_FALSE(forbidden_include("iter.h"));
  const std::string src =
      "#include \"parity/tensor.h\"\n"
      " #  include \"../compile/program.h\"\n"
      "// autograd::record in a comment\n"
      "const char* m = \"autograd::record in a message\";\n"
      "Tensor f(const Tensor& x) { if (compile_detail::g_tracer) return x; return autograd::record(\"f\", x, {x}, {}); }\n"
      "std::shared_ptr<autograd::Meta> slot;\n";
  std::vector<std::string> inc = includes_of(src);
  ASSERT_EQ(inc.size(), 2u);
  EXPECT_FALSE(forbidden_include(inc[0]));
  EXPECT_TRUE(forbidden_include(inc[1]));
  EXPECT_EQ(forbidden_calls(src, true).size(), 3u);   // compile_detail::, g_tracer, autograd::record
  EXPECT_EQ(forbidden_calls(src, false).size(), 4u);  // and autograd::Meta
  EXPECT_TRUE(forbidden_calls("int x = 1; // g_tracer\n", false).empty());
}

TEST(Layers, LowLayersIncludeNoCompileOrAutograd) {
  ASSERT_TRUE(engine_sources_found()) << "engine sources not found at '" << kEngine.string() << "'";
  for (const std::string& rel : kLowLayers) {
    const fs::path root = (kEngine / rel).lexically_normal();
    ASSERT_TRUE(fs::is_regular_file(root)) << rel;
    // Every project header reachable from the file, with the include chain that reaches it.
    std::map<fs::path, std::string> chain{{root, rel}};
    std::deque<fs::path> todo{root};
    while (!todo.empty()) {
      fs::path f = todo.front();
      todo.pop_front();
      for (const std::string& inc : includes_of(read(f))) {
        const std::string via = chain[f] + " -> " + inc;
        EXPECT_FALSE(forbidden_include(inc)) << via;
        fs::path p = resolve(f, inc);
        if (p.empty() || chain.count(p)) continue;
        const std::string where = fs::relative(p, kEngine).generic_string();
        EXPECT_FALSE(where.rfind("src/compile/", 0) == 0 || where.rfind("src/autograd/", 0) == 0) << via;
        chain[p] = via;
        todo.push_back(p);
      }
    }
  }
}

TEST(Layers, LowLayersCallNoCompileOrAutograd) {
  ASSERT_TRUE(engine_sources_found()) << "engine sources not found at '" << kEngine.string() << "'";
  for (const std::string& rel : kLowLayers) {
    const bool is_tensor_h = rel == "include/parity/tensor.h";
    for (const std::string& hit : forbidden_calls(read(kEngine / rel), is_tensor_h))
      ADD_FAILURE() << rel << " uses " << hit << ": compile tracing and autograd recording wrap this layer from above";
  }
}

}  // namespace
