#pragma once
// A benchmark peer in its own plain python3 process (bench/peers/sigmoid_peer.py): started once,
// then asked for one timing sample at a time over a pipe, so that its samples interleave with the
// engine's. The peer runs as its users run it: no embedded interpreter, no host process's heap.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

extern char** environ;

namespace parity::bench {

class PeerProcess {
 public:
  // Starts `python script impl threads [device]` (device only when not "cpu"); stderr goes to
  // `log` (shown when the peer fails).
  PeerProcess(const std::string& python, const std::string& script, const std::string& impl, int threads,
              const std::string& log, const std::string& device = "cpu")
      : log_(log) {
    signal(SIGPIPE, SIG_IGN);  // a peer that died makes write() fail with EPIPE, not kill us
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("bench: pipe failed");
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const std::string th = std::to_string(threads);
    std::vector<char*> argv = {const_cast<char*>(python.c_str()), const_cast<char*>(script.c_str()),
                               const_cast<char*>(impl.c_str()), const_cast<char*>(th.c_str()), nullptr};
    if (device != "cpu") argv.insert(argv.end() - 1, const_cast<char*>(device.c_str()));
    const int rc = posix_spawnp(&pid_, python.c_str(), &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
    if (rc != 0) {
      pid_ = -1;
      throw std::runtime_error("bench: cannot start " + python + ": " + std::strerror(rc));
    }
  }
  PeerProcess(const PeerProcess&) = delete;
  PeerProcess& operator=(const PeerProcess&) = delete;
  ~PeerProcess() {
    if (to_ >= 0) {
      (void)!write(to_, "quit\n", 5);
      close(to_);
    }
    if (from_ >= 0) close(from_);
    if (pid_ > 0) {
      int st;
      for (int i = 0; i < 50 && waitpid(pid_, &st, WNOHANG) == 0; ++i) usleep(20000);
      if (waitpid(pid_, &st, WNOHANG) == 0) {
        kill(pid_, SIGKILL);
        waitpid(pid_, &st, 0);
      }
    }
  }

  // Sends one line (without "\n") unless empty, then reads the reply line. Throws
  // std::runtime_error with the tail of the peer's stderr if it exits or stays silent `timeout_s`.
  std::string ask(const std::string& line, double timeout_s) {
    if (!line.empty()) {
      const std::string l = line + "\n";
      if (write(to_, l.data(), l.size()) != static_cast<ssize_t>(l.size())) fail("the peer closed its input");
    }
    for (;;) {
      const size_t nl = buf_.find('\n');
      if (nl != std::string::npos) {
        std::string r = buf_.substr(0, nl);
        buf_.erase(0, nl + 1);
        return r;
      }
      pollfd p{from_, POLLIN, 0};
      const int pr = poll(&p, 1, static_cast<int>(timeout_s * 1000));
      if (pr < 0 && errno == EINTR) continue;
      if (pr == 0) fail("no answer in " + std::to_string(static_cast<int>(timeout_s)) + " s");
      char chunk[4096];
      const ssize_t k = read(from_, chunk, sizeof chunk);
      if (k <= 0) fail("the peer exited");
      buf_.append(chunk, static_cast<size_t>(k));
    }
  }

 private:
  [[noreturn]] void fail(const std::string& why) {
    std::string tail;
    if (FILE* f = std::fopen(log_.c_str(), "r")) {
      char b[4096];
      size_t k;
      while ((k = std::fread(b, 1, sizeof b, f)) > 0) tail.append(b, k);
      std::fclose(f);
    }
    while (!tail.empty() && std::isspace(static_cast<unsigned char>(tail.back()))) tail.pop_back();
    if (tail.size() > 600) tail = "..." + tail.substr(tail.size() - 600);
    throw std::runtime_error(why + (tail.empty() ? "" : ": " + tail));
  }

  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buf_, log_;
};

}  // namespace parity::bench
