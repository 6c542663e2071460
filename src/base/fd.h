// Fd: owns a POSIX file descriptor and closes it when it goes out of scope (or is reset).
// Thread safety: none (one owner).
#ifndef ENGRAM_BASE_FD_H_
#define ENGRAM_BASE_FD_H_

#include <unistd.h>

namespace engram::base {

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(-1); }

  // The descriptor; negative when none (a failed open: errno says why).
  int get() const { return fd_; }
  // Closes the descriptor held, if any, and holds `fd` instead.
  void reset(int fd) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_;
};

}  // namespace engram::base

#endif  // ENGRAM_BASE_FD_H_
