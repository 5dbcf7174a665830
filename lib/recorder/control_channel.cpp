#include "recorder/control_channel.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace cperf {

namespace {

bool parse_fd(const std::string& text, int& fd) {
  char* end = nullptr;
  long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end || v < 0 || v > 1 << 20) return false;
  fd = static_cast<int>(v);
  return true;
}

}  // namespace

ControlChannel::~ControlChannel() {
  if (own_fds_) {
    if (ctl_fd_ >= 0) ::close(ctl_fd_);
    if (ack_fd_ >= 0) ::close(ack_fd_);
  }
}

bool ControlChannel::open(const std::string& spec, std::string& error) {
  error.clear();
  size_t colon = spec.find(':');
  if (colon == std::string::npos) return false;
  std::string kind = spec.substr(0, colon), rest = spec.substr(colon + 1);
  size_t comma = rest.find(',');
  std::string ctl = rest.substr(0, comma), ack = comma == std::string::npos ? "" : rest.substr(comma + 1);
  if (ctl.empty()) return false;
  if (kind == "fd") {
    if (!parse_fd(ctl, ctl_fd_) || (!ack.empty() && !parse_fd(ack, ack_fd_))) {
      ctl_fd_ = ack_fd_ = -1;
      return false;
    }
    // A descriptor that is not open is no error for perf either: it is simply never ready.
    int flags = fcntl(ctl_fd_, F_GETFL);
    if (flags < 0) {
      ctl_fd_ = -1;
    } else {
      fcntl(ctl_fd_, F_SETFL, flags | O_NONBLOCK);  // read what is there, never wait
    }
    return true;
  }
  if (kind != "fifo") return false;
  own_fds_ = true;
  // Read-write opens never block waiting for the other end of a fifo.
  for (auto [path, fd] : {std::pair{&ctl, &ctl_fd_}, std::pair{&ack, &ack_fd_}}) {
    if (path->empty()) continue;
    *fd = ::open(path->c_str(), O_RDWR | O_CLOEXEC | O_NONBLOCK);
    if (*fd < 0) {
      error = "Failed to open '" + *path + "': " + std::strerror(errno);
      return false;
    }
  }
  return true;
}

std::vector<ControlCommand> ControlChannel::read_commands() {
  std::vector<ControlCommand> out;
  if (ctl_fd_ < 0) return out;
  char buf[4096];
  for (;;) {
    ssize_t n = ::read(ctl_fd_, buf, sizeof buf);
    if (n > 0) {
      pending_.append(buf, static_cast<size_t>(n));
      continue;
    }
    if (n == 0) drop();  // the writer closed an fd channel
    break;
  }
  size_t nl;
  while ((nl = pending_.find_first_of(std::string("\n\0", 2))) != std::string::npos) {
    std::string line = pending_.substr(0, nl);
    pending_.erase(0, nl + 1);
    if (!line.empty()) out.push_back(parse_control_command(line));
  }
  return out;
}

void ControlChannel::ack() const {
  if (ack_fd_ < 0) return;
  static const char kAck[] = "ack\n";  // with its terminating NUL, as perf sends it
  if (::write(ack_fd_, kAck, sizeof kAck) < 0) {
    // nobody reads the acks: nothing to do
  }
}

void ControlChannel::drop() {
  if (own_fds_ && ctl_fd_ >= 0) ::close(ctl_fd_);
  ctl_fd_ = -1;
}

ControlCommand parse_control_command(const std::string& line) {
  static const std::pair<const char*, ControlCommand::Kind> kWords[] = {
      {"enable", ControlCommand::kEnable}, {"disable", ControlCommand::kDisable},
      {"snapshot", ControlCommand::kSnapshot}, {"stop", ControlCommand::kStop},
      {"ping", ControlCommand::kPing}, {"evlist", ControlCommand::kEvlist}};
  ControlCommand c;
  size_t space = line.find(' ');
  std::string word = line.substr(0, space);
  for (const auto& [w, kind] : kWords)
    if (word == w) c.kind = kind;
  if (space != std::string::npos) c.arg = line.substr(space + 1);
  bool takes_arg = c.kind == ControlCommand::kEnable || c.kind == ControlCommand::kDisable ||
                   c.kind == ControlCommand::kEvlist;
  if (!c.arg.empty() && !takes_arg) c.kind = ControlCommand::kUnknown;
  return c;
}

}  // namespace cperf
