#include "import/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <new>

namespace contactsim {
namespace {

// Sanitizers reserve terabytes of shadow address space at start-up: an address-space limit
// would fail every allocation of the child.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// The child's answer: one status byte, then the work's bytes or the failure's message.
constexpr char kDone = 'D', kFailed = 'F';

bool writeAll(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

[[noreturn]] void childMain(int fd, const std::function<std::string()>& work,
                            const ChildLimits& limits) {
  // The parent's handlers of fatal signals (a test framework's reporter, an application's crash
  // handler) are not the child's business: it dies, and the parent names the signal.
  sigset_t fatal;
  sigemptyset(&fatal);
  for (const int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS}) {
    ::signal(signal, SIG_DFL);
    sigaddset(&fatal, signal);
  }
  ::sigprocmask(SIG_UNBLOCK, &fatal, nullptr);
  if (!kSanitized) {
    const rlimit memory{limits.memory_bytes, limits.memory_bytes};
    ::setrlimit(RLIMIT_AS, &memory);
  }
  std::string answer;
  try {
    answer = kDone + work();
  } catch (const std::bad_alloc&) {
    answer = std::string(1, kFailed) + "the importer ran out of memory (limit " +
             std::to_string(limits.memory_bytes >> 20) + " MiB)";
  } catch (const std::exception& e) {
    answer = kFailed + std::string(e.what());
  } catch (...) {
    answer = std::string(1, kFailed) + "the importer failed";
  }
  ::_exit(writeAll(fd, answer.data(), answer.size()) ? 0 : 1);
}

std::string signalName(int signal) {
  const char* name = ::strsignal(signal);
  return name ? std::string(name) : "signal " + std::to_string(signal);
}

}  // namespace

bool sanitizedBuild() { return kSanitized; }

std::string runInChild(const std::function<std::string()>& work, const ChildLimits& limits) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw ChildFailure(std::string("cannot start the importer (pipe: ") + std::strerror(errno) +
                       ")");
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int error = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    throw ChildFailure(std::string("cannot start the importer (fork: ") + std::strerror(error) +
                       ")");
  }
  if (pid == 0) {
    ::close(fds[0]);
    childMain(fds[1], work, limits);
  }
  ::close(fds[1]);

  // Read until the child closes its end (it has exited) or the time is up.
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(limits.seconds);
  std::string answer;
  bool timed_out = false;
  char buffer[1 << 16];
  for (;;) {
    const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
    if (left <= 0.0) {
      timed_out = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::ceil(std::min(left, 3600.0) * 1000.0)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;  // the deadline is checked above
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // end of file (or an error: the status below tells)
    answer.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  if (timed_out) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", limits.seconds);
    throw ChildFailure(std::string("the importer did not finish within ") + seconds +
                       " s and was stopped");
  }
  if (WIFSIGNALED(status)) {
    throw ChildFailure("the importer crashed on this file (" + signalName(WTERMSIG(status)) +
                       "); it is probably corrupt");
  }
  if (answer.empty() || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw ChildFailure("the importer stopped without an answer");
  if (answer.front() == kFailed) throw ChildFailure(answer.substr(1));
  return answer.substr(1);
}

}  // namespace contactsim
