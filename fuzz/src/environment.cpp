// Where a campaign ran: the Environment that results.json and the reports carry.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>

#include "parity/build_info.h"
#include "parity/fuzz.h"

namespace parity::fuzz {

namespace {

std::string trim(std::string s) {
  size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0) {
      size_t colon = line.find(':');
      if (colon != std::string::npos) return trim(line.substr(colon + 1));
    }
  return "";
}

// The arguments of this process, shell-quoted where needed.
std::string command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string arg, out;
  while (std::getline(in, arg, '\0')) {
    bool plain = !arg.empty() && arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                       "0123456789-_./:=,+@%") == std::string::npos;
    std::string q = arg;
    if (!plain) {
      q = '\'';  // a char, not "'": GCC 12 at -O3 gives a false -Wrestrict for a 1-char literal
      for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
      q += "'";
    }
    out += (out.empty() ? "" : " ") + q;
  }
  return out;
}

// CI's commit when it says so, else the source tree's HEAD (when git is there).
std::string commit() {
  for (const char* var : {"PARITY_COMMIT", "GITHUB_SHA", "CI_COMMIT_SHA"})
    if (const char* v = std::getenv(var); v && *v) return v;
#ifdef PARITY_SOURCE_DIR
  std::string cmd = std::string("git -C '") + PARITY_SOURCE_DIR + "' rev-parse HEAD 2>/dev/null";
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    char buf[128] = {0};
    std::string out = std::fgets(buf, sizeof buf, p) ? trim(buf) : "";
    ::pclose(p);
    return out;
  }
#endif
  return "";
}

}  // namespace

Environment current_environment(int threads) {
  Environment e;
  char buf[32];
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  e.date = buf;
  e.commit = commit();
  e.cpu = cpu_model();
  e.simd_target = simd_target();
  e.threads = threads;
  e.command_line = command_line();
  return e;
}

}  // namespace parity::fuzz
